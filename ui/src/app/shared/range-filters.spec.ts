import { NO_RANGES, rangeQuery, rangesActive } from './range-filters';
import { ratingSourceLabel, ratingText } from './ratings';

describe('range filters', () => {
  it('turns typed bounds into query fields (minutes to seconds, MB to bytes), leaving out empty and unusable ones', () => {
    expect(rangeQuery(NO_RANGES)).toEqual({});
    expect(rangesActive(NO_RANGES)).toBe(false);
    const r = { from: '2025-01-01', to: 'bad', minLength: '1.5', maxLength: '-3', minSize: '2', maxSize: 'x' };
    expect(rangesActive(r)).toBe(true);
    expect(rangeQuery(r)).toEqual({ downloadedFrom: '2025-01-01', minDuration: 90, minSize: 2 * 1024 * 1024 });
    expect(
      rangeQuery({ ...NO_RANGES, to: '2025-02-01', maxSize: '5' }, { from: 'dateFrom', to: 'dateTo' }, false),
    ).toEqual({
      dateTo: '2025-02-01',
    });
  });

  it('says a rating and where it came from in words', () => {
    expect(ratingText({ normalized_rating: 'R', rating_source: 'yt-dlp:age_limit=18' })).toBe('R');
    expect(ratingText({ normalized_rating: null, rating_source: 'Manual Override' })).toBe('Not rated');
    expect(ratingText({ normalized_rating: null, rating_source: null })).toBeNull();
    expect(ratingSourceLabel('yt-dlp:age_limit=18')).toBe("the platform's age limit (18+)");
    expect(ratingSourceLabel('Playlist Default')).toBe("the playlist's default");
  });
});
