import type { PluginLogger } from '@vidkeep/contracts';
import { readDate, Sql, type Orm } from '@vidkeep/plugin-kit';

/** One failed attempt as stored: which limiter counted it, for which key, when (epoch ms). */
export interface LoggedAttempt {
  key: string;
  at: number;
}

/**
 * The failed attempts of the limiters, kept in `auth_failed_attempts` so that a restart does not
 * lift a lockout. Only failures are written (a sign-in that works writes nothing), and a write that
 * fails is logged and never turns a wrong password into a server error.
 */
export class AttemptLog {
  private readonly sql: Sql;

  constructor(
    orm: Orm,
    private readonly logger: PluginLogger,
  ) {
    this.sql = new Sql(orm);
  }

  async add(limiter: string, key: string, at: number): Promise<void> {
    await this.quietly('record', () =>
      this.sql.run('insert into auth_failed_attempts (limiter, attempt_key, attempted_at) values (?, ?, ?)', [
        limiter,
        key,
        this.sql.date(new Date(at)),
      ]),
    );
  }

  async clear(limiter: string, key: string): Promise<void> {
    await this.quietly('clear', () =>
      this.sql.run('delete from auth_failed_attempts where limiter = ? and attempt_key = ?', [limiter, key]),
    );
  }

  /**
   * The attempts of one limiter since `since`, oldest first; the older ones are deleted first. A
   * database that cannot be read yields none (the service still starts; the lockout is then lost).
   */
  async restore(limiter: string, since: number): Promise<LoggedAttempt[]> {
    const cutoff = this.sql.date(new Date(since));
    let rows: { attempt_key: string; attempted_at: unknown }[] = [];
    await this.quietly('read back', async () => {
      await this.sql.run('delete from auth_failed_attempts where limiter = ? and attempted_at <= ?', [limiter, cutoff]);
      rows = await this.sql.all(
        'select attempt_key, attempted_at from auth_failed_attempts where limiter = ? order by attempted_at',
        [limiter],
      );
    });
    return rows.map((r) => ({ key: r.attempt_key, at: readDate(r.attempted_at)?.getTime() ?? 0 }));
  }

  private async quietly(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.logger.warn({ err }, `Could not ${what} failed sign-in attempts in the database`);
    }
  }
}
