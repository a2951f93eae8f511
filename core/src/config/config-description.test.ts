import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { Type, managed, presented, secret } from '@vidkeep/contracts';
import { describeConfig, describeKey } from './config-description.js';

describe('config description', () => {
  const section = presented(
    Type.Object({
      acmeMode: Type.Union([Type.Literal('fast'), Type.Literal('slow')], { default: 'fast' }),
      acmeTags: Type.Array(Type.Union([Type.Literal('a'), Type.Literal('b')]), { maxItems: 2, default: [] }),
      acmeLimit: Type.Union([Type.Integer({ minimum: 1, maximum: 9 }), Type.Null()], { default: null }),
      acmeToken: secret(Type.String({ maxLength: 40, pattern: '^[a-z]*$', default: '' })),
      acmeRows: Type.Array(Type.Object({ a: Type.String() }), { default: [] }),
      acmeId: managed(Type.String({ default: '' })),
      acmeRateLimit: Type.Integer({ minimum: 0, default: 0 }),
    }),
    {
      title: 'Acme',
      keys: {
        acmeMode: { title: 'Mode', group: 'Speed', optionLabels: { fast: 'Fast (default)' } },
        acmeToken: { title: 'Token', patternMessage: 'Lower-case letters only' },
        acmeRows: { editedIn: 'Rows are set up on the Acme page.' },
      },
    },
  );

  it('derives the control, the rules and the words of each key from its schema and annotations', () => {
    const fields = describeConfig([{ id: 'acme', schema: section }], () => true).plugins[0]!;
    expect(fields.label).toBe('Acme');
    // Keys in the presentation's order first; a managed key is never described.
    expect(fields.fields.map((f) => [f.key, f.kind])).toEqual([
      ['acmeMode', 'enum'],
      ['acmeToken', 'secret'],
      ['acmeRows', 'list'],
      ['acmeTags', 'multi'],
      ['acmeLimit', 'integer'],
      ['acmeRateLimit', 'integer'],
    ]);
    expect(fields.fields[0]).toEqual({
      key: 'acmeMode',
      kind: 'enum',
      label: 'Mode',
      section: 'Speed',
      options: [
        { value: 'fast', label: 'Fast (default)' },
        { value: 'slow', label: 'slow' },
      ],
      default: 'fast',
    });
    expect(fields.fields[1]).toEqual({
      key: 'acmeToken',
      kind: 'secret',
      label: 'Token',
      maxLength: 40,
      pattern: '^[a-z]*$',
      patternHint: 'Lower-case letters only',
    });
    expect(fields.fields[2]!.elsewhere).toBe('Rows are set up on the Acme page.');
    expect(fields.fields[3]).toMatchObject({ maxItems: 2, options: [{ value: 'a' }, { value: 'b' }] });
    expect(fields.fields[4]).toMatchObject({ nullable: true, min: 1, max: 9, default: null });
    // Without a title, the key in words.
    expect(fields.fields[5]!.label).toBe('Acme rate limit');
  });

  it('says which plugins are switched off; the core is always on', () => {
    const sections = [
      { id: 'core', schema: Type.Object({ coreKey: Type.Boolean({ default: true }) }) },
      { id: 'acme', schema: section },
    ];
    const on = (active: boolean) => describeConfig(sections, () => active).plugins.map((p) => [p.id, p.enabled]);
    expect(on(false)).toEqual([
      ['core', true],
      ['acme', false],
    ]);
    expect(on(true)).toEqual([
      ['core', true],
      ['acme', true],
    ]);
  });

  it('keeps a presented section a TypeBox schema: its defaults are still created', () => {
    expect(Value.Create(section)).toMatchObject({ acmeMode: 'fast', acmeTags: [], acmeLimit: null, acmeRateLimit: 0 });
  });

  it('refuses a presentation of a key the section lacks; a managed key has no description', () => {
    expect(() => presented(Type.Object({}), { title: 'x', keys: { nope: { title: 'No' } } })).toThrow(
      /"nope": the section declares no such key/,
    );
    expect(describeKey('x', managed(Type.String()) as never)).toBeNull();
  });
});
