import { FormControl } from '@angular/forms';
import { ShowWhenDirty, hintValidator, subfolderHint, titleFilterHint } from './field-rules';

describe('field rules', () => {
  it('hints at subfolder problems like the server', () => {
    expect(subfolderHint('')).toBeNull();
    expect(subfolderHint('music')).toBeNull();
    expect(subfolderHint(' Music ')).toBeNull();
    expect(subfolderHint('__playlists__')).toContain('reserved');
    expect(subfolderHint('__music')).toContain('must not start with __');
    expect(subfolderHint('Playlists')).toContain('reserved');
    expect(subfolderHint('playlists__')).toContain('reserved');
    expect(subfolderHint('a/b')).toContain('One folder name');
    expect(subfolderHint('a\\b')).toContain('One folder name');
    expect(subfolderHint('a\u007fb')).toContain('One folder name');
    expect(subfolderHint('.hidden')).toContain('dot');
    expect(subfolderHint('x'.repeat(101))).toContain('100');
  });

  it('checks title filters like the server', () => {
    expect(titleFilterHint('')).toBeNull();
    expect(titleFilterHint('^Episode \\d+')).toBeNull();
    expect(titleFilterHint('(?i)review')).toBeNull();
    expect(titleFilterHint('\\-dash')).toBeNull();
    expect(titleFilterHint('(unclosed')).toContain('Not a valid regular expression');
    expect(titleFilterHint('(?i)[')).toContain('Not a valid regular expression');
    expect(titleFilterHint('x'.repeat(501))).toContain('500');
  });

  it('turns a hint into a validator whose problem shows while typing', () => {
    const control = new FormControl('(', { validators: [hintValidator(titleFilterHint)] });
    expect(control.errors?.['hint']).toContain('Not a valid regular expression');
    const matcher = new ShowWhenDirty();
    expect(matcher.isErrorState(control, null)).toBe(false);
    control.markAsDirty();
    expect(matcher.isErrorState(control, null)).toBe(true);
    control.setValue('ok');
    expect(matcher.isErrorState(control, null)).toBe(false);
  });
});
