import type { ConfigPresentation } from '../presentation.js';

/** How the downloader keys are shown in Settings (see `presented`). */
export const DOWNLOADER_PRESENTATION: ConfigPresentation = {
  title: 'Downloads',
  keys: {
    preferredResolution: {
      title: 'Preferred resolution',
      description: 'Maximum video height used when a request, channel or playlist names none.',
      group: 'Files and format',
      optionLabels: { '360': '360p', '480': '480p', '720': '720p', '1080': '1080p', '1440': '1440p', '2160': '2160p' },
    },
    videoCodec: {
      title: 'Video codec',
      description:
        'Preferred video codec; default takes the best mp4 the platform offers, H.264/H.265 fall back to other streams when none exists.',
      group: 'Files and format',
      optionLabels: { default: 'Best mp4 (default)', h264: 'H.264 (AVC)', h265: 'H.265 (HEVC)' },
    },
    defaultSubfolder: {
      title: 'Default subfolder',
      description:
        'Subfolder of the output directory for videos whose request or channel names none (empty: the root).',
      group: 'Files and format',
      patternMessage:
        'One folder name: no slashes, not starting with . or __, and not playlists (reserved for the .m3u files)',
    },
    defaultSkipVideoFolder: {
      title: 'No folder per video',
      description: 'Put files directly in the channel folder instead of one folder per video.',
      group: 'Files and format',
    },
    writeVideoNfoFiles: {
      title: 'Write .nfo files',
      description: 'Write a Kodi/Jellyfin/Emby .nfo next to every video.',
      group: 'Files and format',
    },
    writeChannelPosters: {
      title: 'Channel posters',
      description:
        "Write the channel's picture as poster.jpg into each channel folder that has none (a poster already there stays). Switching it on fills the existing folders too.",
      group: 'Files and format',
    },
    writeVideoFanart: {
      title: 'Fanart',
      description: "Also copy each video's thumbnail as <name>-fanart.jpg (a background some media-server apps show).",
      group: 'Files and format',
    },
    setFileTimesToUploadDate: {
      title: 'File times of the upload date',
      description:
        'Date each downloaded file and its video folder by when the video was published, so media servers sort by it. Off: the time of the download.',
      group: 'Files and format',
    },
    videoFilenamePrefix: {
      title: 'File name prefix',
      description:
        'A yt-dlp output template for the start of file and folder names; vidkeep adds [<id>].<ext> to files and - <id> to folders. New downloads only.',
      group: 'Files and format',
      patternMessage: 'Not empty, and no /, \\, .. or control characters',
    },
    useTmpForDownloads: {
      title: 'Stage downloads in a temporary directory',
      description:
        'Download into the temporary directory and move finished files into the output directory. Off: staging happens in <output>/.vidkeep-staging.',
      group: 'Files and format',
    },
    tmpFilePath: {
      title: 'Temporary directory',
      description: 'The staging directory used while staging in a temporary directory is on.',
      group: 'Files and format',
    },
    subtitlesEnabled: {
      title: 'Download subtitles',
      description: 'Download subtitles (also automatic ones) and convert them to .srt.',
      group: 'Subtitles',
    },
    subtitleLanguage: {
      title: 'Subtitle languages',
      description: 'One language code or a comma-separated list (en,de); patterns like en.* are allowed.',
      group: 'Subtitles',
      patternMessage: 'Use letters, digits and _ . , * - only (e.g. en,de or en.*)',
    },
    sponsorblockEnabled: {
      title: 'Use SponsorBlock',
      description: 'Remove or mark sponsored segments (needs at least one category).',
      group: 'SponsorBlock',
    },
    sponsorblockAction: {
      title: 'SponsorBlock action',
      description: 'Remove cuts the segments out of the file; mark keeps them and adds chapters.',
      group: 'SponsorBlock',
      optionLabels: { remove: 'Remove the segments', mark: 'Mark them as chapters' },
    },
    sponsorblockCategories: {
      title: 'SponsorBlock categories',
      description: 'Segment categories to remove or mark.',
      group: 'SponsorBlock',
      optionLabels: {
        sponsor: 'Sponsor',
        intro: 'Intro',
        outro: 'Outro / end cards',
        selfpromo: 'Self-promotion',
        preview: 'Preview / recap',
        filler: 'Filler',
        interaction: 'Interaction reminder',
        music_offtopic: 'Non-music section',
      },
    },
    sponsorblockApiUrl: {
      title: 'SponsorBlock API server',
      description: 'Alternative SponsorBlock API server (empty: yt-dlp’s default).',
      group: 'SponsorBlock',
      patternMessage: 'Leave empty or enter an http:// or https:// URL',
    },
    cookiesEnabled: {
      title: 'Use cookies',
      description:
        'Give yt-dlp the cookie file uploaded under Cookies (bot checks, age-restricted or members-only videos). Uploading turns this on.',
      group: 'Network',
    },
    proxy: {
      title: 'Proxy',
      description: 'Proxy for every yt-dlp call. It may hold credentials, so it is never shown.',
      group: 'Network',
      patternMessage: 'Use an http, https, socks4, socks4a, socks5 or socks5h URL (scheme://…)',
    },
    ipFamily: {
      title: 'IP version',
      description: 'Force yt-dlp onto IPv4 or IPv6; automatic lets the system choose.',
      group: 'Network',
      optionLabels: { ipv4: 'IPv4', ipv6: 'IPv6', auto: 'Automatic' },
    },
    downloadRateLimit: {
      title: 'Download speed limit',
      description: 'Maximum download speed, e.g. 5M. Empty: unlimited.',
      group: 'Network',
      patternMessage: 'Bytes per second like 500K, 4.2M or 1G, or empty',
    },
    downloadThrottledRate: {
      title: 'Throttling threshold',
      description: 'Slower than this, yt-dlp assumes throttling and fetches fresh stream URLs. Empty: off.',
      group: 'Network',
      patternMessage: 'Bytes per second like 100K, or empty',
    },
    sleepRequests: {
      title: 'Pause between requests',
      description: 'Wait between metadata requests (0: no pause).',
      group: 'Network',
      unit: 'seconds',
    },
    downloadSocketTimeoutSeconds: {
      title: 'Network timeout',
      description: 'Network timeout of every yt-dlp call.',
      group: 'Network',
      unit: 'seconds',
    },
    downloadRetryCount: {
      title: 'Retries',
      description: 'How often a failed download or fragment is retried.',
      group: 'Network',
    },
    downloadAutoRetryCount: {
      title: 'Automatic retries',
      description:
        'How often a video that failed for a passing reason (HTTP 403 on its media, a server error, a dropped connection) is downloaded again by itself; 0: never. Private, removed or blocked videos are never retried.',
      group: 'Network',
    },
    downloadAutoRetryDelaySeconds: {
      title: 'Wait before a retry',
      description: 'Wait before the first automatic retry; each further one waits twice as long.',
      group: 'Network',
      unit: 'seconds',
    },
    concurrentFragments: {
      title: 'Parallel fragments',
      description: 'Fragments of one video downloaded in parallel.',
      group: 'Network',
    },
    concurrentJobs: {
      title: 'Parallel jobs',
      description: 'Download jobs that may run at the same time; others wait as queued.',
      group: 'Jobs',
    },
    downloadQueuePaused: {
      title: 'Queue paused',
      description: 'While paused no download starts; running ones stop and resume where they stopped.',
      group: 'Jobs',
      editedIn: 'The queue is paused and resumed on the Downloads page.',
    },
    ytdlpCustomArgs: {
      title: 'Extra yt-dlp arguments',
      description:
        'Shell-style quoting, appended after the managed flags. Checked with yt-dlp as you type; options that change paths, run commands or override managed settings are refused.',
      group: 'Jobs',
      multiline: true,
    },
    inactivityTimeoutMinutes: {
      title: 'Inactivity timeout',
      description: 'A job whose yt-dlp prints nothing for this long is stopped (doubled while post-processing).',
      group: 'Jobs',
      unit: 'minutes',
    },
    maxJobRuntimeHours: {
      title: 'Maximum job runtime',
      description: 'Absolute runtime cap of a job; download-all jobs are exempt.',
      group: 'Jobs',
      unit: 'hours',
    },
    jobHistoryDays: {
      title: 'Keep job history for',
      description: 'Finished jobs older than this are removed from the history (files stay).',
      group: 'Jobs',
      unit: 'days',
    },
    jobHistoryMax: {
      title: 'Maximum jobs in history',
      description: 'At most this many finished jobs are kept.',
      group: 'Jobs',
    },
    storageMinFreeGb: {
      title: 'Minimum free space',
      description: 'Pause downloads while the output filesystem has less free space (0: off).',
      group: 'Storage',
      unit: 'GB',
    },
    storageMaxUsedGb: {
      title: 'Maximum space used',
      description: 'Pause downloads while downloaded files use this much or more (0: off).',
      group: 'Storage',
      unit: 'GB',
    },
    platformRequestsPerHour: {
      title: 'Requests per hour',
      description:
        'Requests to the platform per hour, listings, metadata and downloads together; yt-dlp sleeps between videos to stay under it. 0: no cap; about 4 requests per video, 1 per listing page.',
      group: 'Polite downloading',
      unit: 'requests',
    },
    platformGigabytesPerDay: {
      title: 'Data per day',
      description: 'Downloaded from the platform per 24 hours; automatic work waits when it is spent. 0: no cap.',
      group: 'Polite downloading',
      unit: 'GB',
    },
    platformCooldownMinutes: {
      title: 'Cool-down',
      description:
        'Pause after the platform pushes back (HTTP 429, its bot check, a burst of 403s); doubles each time in a row, up to 16×. 0: never.',
      group: 'Polite downloading',
      unit: 'minutes',
    },
    ytdlpPath: {
      title: 'yt-dlp path',
      description:
        "yt-dlp binary. Empty: YTDLP_PATH if set, else vidkeep's own copy once installed (Update yt-dlp), else yt-dlp on PATH.",
      group: 'Tools',
    },
    pythonPath: {
      title: 'Python for the private yt-dlp',
      description: 'Python 3 that installs and updates vidkeep’s own yt-dlp with pip. Empty: python3 on PATH.',
      group: 'Tools',
    },
    ffmpegPath: { title: 'ffmpeg path', description: 'ffmpeg binary. Empty: ffmpeg on PATH.', group: 'Tools' },
    ffprobePath: { title: 'ffprobe path', description: 'ffprobe binary. Empty: ffprobe on PATH.', group: 'Tools' },
  },
};
