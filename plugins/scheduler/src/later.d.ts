/** The part of @breejs/later (the cron engine inside Bree) that the scheduler uses. */
declare module '@breejs/later' {
  interface Schedule {
    schedules: unknown[];
    error: number;
  }
  interface Timer {
    clear(): void;
  }
  const later: {
    date: { localTime(): void };
    parse: { cron(expr: string, hasSeconds?: boolean): Schedule };
    schedule(s: Schedule): { next(count: number, start?: Date): Date | Date[] | 0 };
    setInterval(fn: () => void, s: Schedule, timezone?: string): Timer;
  };
  export default later;
}
