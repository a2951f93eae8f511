/**
 * A vidkeep plugin made from the template: a guestbook. It shows each part a plugin can have:
 * options from the manifest, config keys, a table with its migration, routes under
 * `/api/<id>`, a scheduled task, a health check, and domain errors mapped to HTTP answers.
 * Rename `acme-guestbook` everywhere (the id, the table, the config keys) before you publish.
 */
import {
  definePlugin,
  errorResponses,
  InvalidInputError,
  schedulerServiceRef,
  Type,
  type FastifyPluginAsyncTypebox,
  type PluginContext,
} from '@vidkeep/plugin-kit';
import { GuestbookEntryEntity } from './entry.js';

const ID = 'acme-guestbook';

/** Options of the manifest entry (`"options": { "maxEntries": 500 }`), validated at start. */
const Options = Type.Object(
  { maxEntries: Type.Integer({ minimum: 1, maximum: 100_000, default: 1000 }) },
  { additionalProperties: false },
);

/** Keys in `config.json`, changed with `PATCH /api/config`; they start with the id in camel case. */
const Config = Type.Object({
  acmeGuestbookKeepDays: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 30,
    description: 'Entries older than this many days are removed by the nightly tidy task',
  }),
});

const Entry = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  message: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
const NewEntry = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80 }), message: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);

type Ctx = PluginContext<{ maxEntries: number }, { acmeGuestbookKeepDays: number }>;

const toJson = (e: { id: number; name: string; message: string; createdAt: Date }) => ({
  id: e.id,
  name: e.name,
  message: e.message,
  createdAt: e.createdAt.toISOString(),
});

function routes(ctx: Ctx): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      `/api/${ID}/entries`,
      {
        schema: {
          summary: 'Every entry of the guestbook, newest first',
          response: { 200: Type.Object({ entries: Type.Array(Entry) }) },
        },
      },
      async () => {
        const entries = await ctx.em().find(GuestbookEntryEntity, {}, { orderBy: { id: 'desc' } });
        return { entries: entries.map(toJson) };
      },
    );
    app.post(
      `/api/${ID}/entries`,
      {
        schema: {
          summary: 'Sign the guestbook',
          body: NewEntry,
          response: { 200: Entry, ...errorResponses(400) },
        },
      },
      async (request) => {
        const em = ctx.em();
        if ((await em.count(GuestbookEntryEntity, {})) >= ctx.options.maxEntries) {
          // A domain error: the core answers it with 400 and this code, no HTTP code needed here.
          throw new InvalidInputError(
            'ACME_GUESTBOOK_FULL',
            `The guestbook is full (${ctx.options.maxEntries} entries)`,
          );
        }
        const entry = em.create(GuestbookEntryEntity, { ...request.body, createdAt: new Date() });
        await em.flush();
        return toJson(entry);
      },
    );
  };
}

export default definePlugin({
  id: ID,
  version: '1.0.0',
  core: '^1.3.0',
  description: 'A guestbook: sign it, read it; old entries are tidied away every night',
  toggleable: true,
  options: Options,
  config: Config,
  entities: [GuestbookEntryEntity],
  migrations: [
    {
      name: '20260101000000_initial',
      load: async () => (await import('./migrations/20260101000000_initial.js')).Initial,
    },
  ],
  // The scheduler is a built-in plugin; without it the task simply never runs on a timer.
  optionalConsumes: [schedulerServiceRef],
  register(ctx) {
    ctx.routes(routes(ctx));
    ctx.tryResolve(schedulerServiceRef)?.register({
      key: `${ID}.tidy`,
      title: 'Tidy the guestbook',
      description: 'Removes entries older than acmeGuestbookKeepDays',
      defaultSchedule: '30 4 * * *',
      run: async () => {
        const cutoff = new Date(Date.now() - ctx.config.get().acmeGuestbookKeepDays * 86_400_000);
        const removed = await ctx.em().nativeDelete(GuestbookEntryEntity, { createdAt: { $lt: cutoff } });
        return { outcome: `removed-${removed}`, message: `Removed ${removed} old entr${removed === 1 ? 'y' : 'ies'}` };
      },
    });
    ctx.healthCheck('entries', async () => {
      const count = await ctx.em().count(GuestbookEntryEntity, {});
      return { ok: true, message: `${count} of ${ctx.options.maxEntries} entries` };
    });
  },
});
