import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput } from '../../core/api';

/**
 * `POST /auth/change-password`. The password section sends it on its own `HttpClient` (without
 * the interceptors: a 401 there means a mistyped password, not an ended session), so only its
 * path is here, beside the other routes of the settings page.
 */
export const CHANGE_PASSWORD_URL = '/auth/change-password';
/** The download route an API key may call, for the bookmarklet and the curl line (they run outside the app). */
export const DOWNLOAD_PATH = '/api/videos/download';
export type ChangePasswordBody = RouteInput<'POST /auth/change-password'>['body'];

/**
 * The routes of the settings page, typed from the server's schemas (`@vidkeep/contracts/routes`).
 * Like every `<feature>-api.ts`, it is the only place their paths are written. The configuration
 * section's own reads and saves go through `shared/config-form/`.
 */
@Injectable({ providedIn: 'root' })
export class SettingsApi {
  private readonly api = inject(Api);

  /** The whole configuration view (`GET /getconfig`). */
  config() {
    return this.api.call('GET /getconfig');
  }

  /** Checks custom yt-dlp arguments (vidkeep's rules, then yt-dlp itself); nothing is saved. */
  validateArgs(args: string) {
    return this.api.call('POST /api/ytdlp/validate-args', { body: { args } });
  }

  /** Tests the Data API key as typed, or the stored one without `apiKey`; never saves it. */
  testSourceApiKey(apiKey?: string) {
    return this.api.call('POST /testSourceApiKey', { body: apiKey ? { apiKey } : {} });
  }

  cookieStatus() {
    return this.api.call('GET /api/cookies/status');
  }

  /** Uploads a cookies.txt (multipart, field `cookieFile`). */
  uploadCookies(file: File) {
    const form = new FormData();
    form.append('cookieFile', file, file.name);
    // Multipart: the schema types the field as the server reads it; the browser sends the file.
    return this.api.call('POST /api/cookies/upload', { body: form as unknown as { cookieFile: string } });
  }

  removeCookies() {
    return this.api.call('DELETE /api/cookies');
  }

  updateYtdlp() {
    return this.api.call('POST /api/ytdlp/update');
  }

  rollBackYtdlp() {
    return this.api.call('POST /api/ytdlp/rollback');
  }

  sessions() {
    return this.api.call('GET /auth/sessions');
  }

  revokeSession(id: number) {
    return this.api.call('DELETE /auth/sessions/:id', { params: { id } });
  }

  apiKeys() {
    return this.api.call('GET /api/keys');
  }

  createApiKey(name: string) {
    return this.api.call('POST /api/keys', { body: { name } });
  }

  removeApiKey(id: number) {
    return this.api.call('DELETE /api/keys/:id', { params: { id } });
  }

  schedules() {
    return this.api.call('GET /api/schedules');
  }

  /** Changes a task's cron (null: back to the default) or switches it on or off. */
  updateSchedule(key: string, body: RouteInput<'PATCH /api/schedules/:key'>['body']) {
    return this.api.call('PATCH /api/schedules/:key', { params: { key }, body });
  }

  runSchedule(key: string) {
    return this.api.call('POST /api/schedules/:key/run', { params: { key } });
  }

  /** The latest runs of a task (the first page). */
  scheduleRuns(key: string, pageSize: number) {
    return this.api.call('GET /api/schedules/:key/runs', { params: { key }, query: { pageSize } });
  }
}
