import { pluginInfo } from '../../../testing/fixtures/plugins';
import { healthText, pluginState, switchNote } from './plugin-format';

describe('plugin format', () => {
  it('says the state in words, a failing check included', () => {
    expect(pluginState(pluginInfo())).toEqual({ text: 'On', tone: 'ok' });
    expect(pluginState(pluginInfo({ enabled: false }))).toEqual({ text: 'Switched off', tone: 'off' });
    expect(pluginState(pluginInfo({ inManifest: false, enabled: false }))).toEqual({ text: 'Not loaded', tone: 'off' });
    expect(pluginState(pluginInfo({ health: [{ name: 'db', ok: false, message: 'locked' }] }))).toEqual({
      text: 'On, with a problem',
      tone: 'bad',
    });
  });

  it('explains why a plugin has no switch', () => {
    expect(switchNote(pluginInfo())).toBeNull();
    expect(switchNote(pluginInfo({ toggleable: false }))).toMatch(/^Always on/);
    expect(switchNote(pluginInfo({ inManifest: false }))).toMatch(/enabled: false.*restart/);
  });

  it('writes a health check as name and outcome', () => {
    expect(healthText({ name: 'bree', ok: true, message: null })).toBe('bree: ok');
    expect(healthText({ name: 'db', ok: false, message: 'no answer within 2 s' })).toBe('db: no answer within 2 s');
    expect(healthText({ name: 'db', ok: false, message: null })).toBe('db: failing');
  });
});
