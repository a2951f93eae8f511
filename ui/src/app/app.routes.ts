import { Routes } from '@angular/router';
import { signedInGuard, signedOutGuard } from './core/auth';
import { Shell } from './layout/shell';

/** One lazy chunk per feature folder (`features/<area>/`). */
export const routes: Routes = [
  {
    path: 'setup',
    canActivate: [signedOutGuard],
    loadComponent: () => import('./features/auth/setup-page').then((m) => m.SetupPage),
    title: 'Set up vidkeep',
  },
  {
    path: 'login',
    canActivate: [signedOutGuard],
    loadComponent: () => import('./features/auth/login-page').then((m) => m.LoginPage),
    title: 'Sign in · vidkeep',
  },
  {
    path: '',
    component: Shell,
    canActivate: [signedInGuard],
    children: [
      {
        path: 'downloads',
        loadComponent: () => import('./features/downloads/downloads-page').then((m) => m.DownloadsPage),
        title: 'Downloads · vidkeep',
      },
      {
        path: 'library',
        loadComponent: () => import('./features/library/library-page').then((m) => m.LibraryPage),
        title: 'Library · vidkeep',
      },
      {
        path: 'library/:sourceId',
        loadComponent: () => import('./features/library/video-page').then((m) => m.VideoPage),
        title: 'Video · vidkeep',
      },
      {
        path: 'channels',
        loadComponent: () => import('./features/channels/channels-page').then((m) => m.ChannelsPage),
        title: 'Channels · vidkeep',
      },
      {
        path: 'channels/:channelId',
        loadComponent: () => import('./features/channels/channel/channel-page').then((m) => m.ChannelPage),
        title: 'Channel · vidkeep',
      },
      {
        path: 'playlists',
        loadComponent: () => import('./features/playlists/playlists-page').then((m) => m.PlaylistsPage),
        title: 'Playlists · vidkeep',
      },
      {
        path: 'playlists/:playlistId',
        loadComponent: () => import('./features/playlists/playlist/playlist-page').then((m) => m.PlaylistPage),
        title: 'Playlist · vidkeep',
      },
      {
        path: 'settings',
        loadComponent: () => import('./features/settings/settings-page').then((m) => m.SettingsPage),
        title: 'Settings · vidkeep',
      },
      {
        path: 'settings/media-servers',
        loadComponent: () => import('./features/media-servers/media-servers-page').then((m) => m.MediaServersPage),
        title: 'Media servers · vidkeep',
      },
      {
        path: 'settings/notifications',
        loadComponent: () => import('./features/notifications/notifications-page').then((m) => m.NotificationsPage),
        title: 'Notifications · vidkeep',
      },
      {
        path: 'settings/retention',
        loadComponent: () => import('./features/retention/retention-page').then((m) => m.RetentionPage),
        title: 'Retention · vidkeep',
      },
      {
        path: 'settings/files',
        loadComponent: () => import('./features/library-files/files-page').then((m) => m.FilesPage),
        title: 'Files on disk · vidkeep',
      },
      {
        path: 'settings/plugins',
        loadComponent: () => import('./features/plugins/plugins-page').then((m) => m.PluginsPage),
        title: 'Plugins · vidkeep',
      },
      { path: '', pathMatch: 'full', redirectTo: 'downloads' },
    ],
  },
  { path: '**', redirectTo: 'downloads' },
];
