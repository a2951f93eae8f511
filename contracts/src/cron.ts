/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), the syntax every
 * schedule in vidkeep uses: `*`, numbers, ranges `a-b`, steps `*\/n` and `a-b/n`, lists `a,b`,
 * month names `jan`..`dec` and day names `sun`..`sat` (0 is Sunday; 7 is refused because
 * schedulers disagree on it). Times are the
 * server's local time. Pure and linear: safe to run on any input.
 */
const FIELDS = [
  { name: 'minute', min: 0, max: 59, names: [] as string[] },
  { name: 'hour', min: 0, max: 23, names: [] as string[] },
  { name: 'day of month', min: 1, max: 31, names: [] as string[] },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
  },
  { name: 'day of week', min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
] as const;

export const CRON_MAX_LENGTH = 100;

function value(text: string, field: (typeof FIELDS)[number]): number | null {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const i = (field.names as readonly string[]).indexOf(text.toLowerCase());
  if (i < 0) return null;
  return field.name === 'month' ? i + 1 : i;
}

/** Why `expr` is not a valid five-field cron expression, or null when it is. */
export function cronProblem(expr: string): string | null {
  if (typeof expr !== 'string' || expr.length === 0) return 'the schedule is empty';
  if (expr.length > CRON_MAX_LENGTH) return `the schedule is longer than ${CRON_MAX_LENGTH} characters`;
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) return `expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`;
  for (let f = 0; f < 5; f++) {
    const field = FIELDS[f]!;
    for (const item of parts[f]!.split(',')) {
      const [range, step, extra] = item.split('/');
      if (extra !== undefined || range === undefined || range === '') return `${field.name}: "${item}" is not valid`;
      if (step !== undefined && (!/^\d{1,2}$/.test(step) || Number(step) === 0))
        return `${field.name}: step "${step}" must be a number from 1`;
      if (range === '*') continue;
      const [a, b, more] = range.split('-');
      if (more !== undefined) return `${field.name}: "${item}" is not valid`;
      const lo = value(a ?? '', field);
      const hi = b === undefined ? lo : value(b, field);
      if (lo === null || hi === null) return `${field.name}: "${item}" is not a number or name`;
      if (lo < field.min || hi > field.max || lo > hi)
        return `${field.name}: "${item}" is outside ${field.min}-${field.max}`;
    }
  }
  return null;
}
