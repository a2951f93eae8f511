import { FormControl, FormGroup } from '@angular/forms';
import { NEW_PASSWORD_VALIDATORS, sameValues } from './account-rules';

describe('account rules', () => {
  it.each([
    ['', false],
    ['short', false],
    ['eight ch', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
  ])('a new password %j is valid: %s', (password, valid) => {
    expect(new FormControl(password, NEW_PASSWORD_VALIDATORS).valid).toBe(valid);
  });

  it('compares two fields of a group', () => {
    const group = new FormGroup(
      { password: new FormControl('secret-1'), confirmPassword: new FormControl('secret-2') },
      { validators: sameValues('password', 'confirmPassword') },
    );
    expect(group.hasError('mismatch')).toBe(true);
    group.controls.confirmPassword.setValue('secret-1');
    expect(group.hasError('mismatch')).toBe(false);
  });
});
