import { AUDIO_CHOICES } from './media-choices';

describe('the Audio choices', () => {
  it('read as answers to "Audio", each saying what happens to the MP3', () => {
    expect(AUDIO_CHOICES.map((c) => c.label)).toEqual(['No MP3 (the video only)', 'Video and an MP3', 'MP3 only']);
    for (const c of AUDIO_CHOICES) expect(c.label).toContain('MP3');
  });
});
