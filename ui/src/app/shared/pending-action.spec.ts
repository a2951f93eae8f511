import { ApiError } from '../core/api';
import { PendingAction } from './pending-action';

describe('PendingAction', () => {
  it('is busy while the work runs and clears the last failure', async () => {
    const action = new PendingAction();
    action.error.set('earlier failure');
    let busyInside = false;
    const ok = await action.run(async () => {
      busyInside = action.busy();
    });
    expect([ok, busyInside, action.busy(), action.error()]).toEqual([true, true, false, null]);
  });

  it('keeps the server explanation, after its prefix', async () => {
    const action = new PendingAction('Not subscribed: ');
    const ok = await action.run(async () => {
      throw new ApiError(503, 'The platform cannot be reached');
    });
    expect([ok, action.busy(), action.error()]).toEqual([
      false,
      false,
      'Not subscribed: The platform cannot be reached',
    ]);
  });
});
