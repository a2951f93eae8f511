import type { AutoRemovalResult } from '@vidkeep/contracts';
import { defineEntity } from '@vidkeep/plugin-kit';

/** One automatic-removal run (manual or scheduled; dry runs are never stored). */
export interface RetentionRun {
  id: number;
  trigger: 'scheduled' | 'manual';
  startedAt: Date;
  finishedAt: Date | null;
  result: AutoRemovalResult | null;
  error: string | null;
}

export const RetentionRunEntity = defineEntity<RetentionRun>({
  name: 'RetentionRun',
  tableName: 'retention_runs',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    trigger: { type: 'string', length: 16 },
    startedAt: { type: 'datetime', index: true },
    finishedAt: { type: 'datetime', nullable: true },
    result: { type: 'json', nullable: true, columnType: 'text' },
    error: { type: 'text', nullable: true },
  },
});
