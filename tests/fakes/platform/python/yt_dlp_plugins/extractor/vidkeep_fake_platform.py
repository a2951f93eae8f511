"""Test-only fake of the video platform for vidkeep.

Put the parent of ``yt_dlp_plugins`` on PYTHONPATH and set VIDKEEP_FAKE_PLATFORM_URL to the base URL
of the fixture server (tests/fakes/platform/server.ts). yt-dlp then answers the platform's real URLs
(https://www.youtube.com/watch?v=..., /@handle/videos, /playlist?list=..., ytsearchN:...,
/results?search_query=...) from the fixture server instead of the network.

The classes use yt-dlp's plugin override mechanism (``plugin_name=``): they subclass the built-in
YouTube extractors and replace them. That keeps everything the caller can observe identical to the
real extractors: the same URL routing, ``ie_key``/``extractor_key`` (``Youtube``, ``YoutubeTab``,
``YoutubeSearch``, ``YoutubeSearchURL``), download-archive ids (``youtube <id>``) and screen/error
prefixes (``[youtube]``, ``[youtube:tab]``, ``[youtube:search]``, ``[youtube:search_url]``).
Independent plugin classes cannot do that: yt-dlp registers extractors by IE_NAME and ie_key, and the
built-in ones win those collisions.

Works with yt-dlp 2023.03.04 (Debian bookworm), 2025.x and 2026.08.19 (which has no ytsearchdate).
No ``__init__.py`` anywhere: namespace packages.
"""
import json
import os
import re
import urllib.parse

from yt_dlp.extractor.youtube import (
    YoutubeIE,
    YoutubeSearchIE,
    YoutubeSearchURLIE,
    YoutubeTabIE,
)
from yt_dlp.utils import ExtractorError

try:
    from yt_dlp.extractor.youtube import YoutubeSearchDateIE
except ImportError:  # removed from later yt-dlp (ytsearchdate: no longer exists there)
    YoutubeSearchDateIE = None

try:
    from yt_dlp.utils import UserNotLive
except ImportError:  # pragma: no cover - very old yt-dlp
    UserNotLive = None

_PLUGIN_NAME = 'vidkeep_fake_platform'
_ENV = 'VIDKEEP_FAKE_PLATFORM_URL'

# The names the real extractors print and report (captured before the overrides replace them).
_WATCH_NAME = YoutubeIE.IE_NAME  # 'youtube'
_TAB_NAME = YoutubeTabIE.IE_NAME  # 'youtube:tab'
_SEARCH_NAME = YoutubeSearchIE.IE_NAME  # 'youtube:search'
_SEARCH_DATE_NAME = YoutubeSearchDateIE and YoutubeSearchDateIE.IE_NAME  # 'youtube:search:date'
_SEARCH_URL_NAME = YoutubeSearchURLIE.IE_NAME  # 'youtube:search_url'
_WATCH_KEY = YoutubeIE.ie_key()  # 'Youtube'
_TAB_KEY = YoutubeTabIE.ie_key()  # 'YoutubeTab'

# What yt-dlp appends to any playability reason that mentions "sign in" (youtube/_video.py).
_LOGIN_HINT = (
    'Use --cookies-from-browser or --cookies for the authentication. '
    'See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. '
    'Also see  https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  '
    'for tips on effectively exporting YouTube cookies')

_WATCH_RES = [re.compile(p) for p in (
    r'https?://(?:www\.|m\.)?youtube\.com/watch\?(?:[^#]*&)?v=(?P<id>[\w-]{11})',
    r'https?://youtu\.be/(?P<id>[\w-]{11})',
    r'https?://(?:www\.)?youtube\.com/shorts/(?P<id>[\w-]{11})',
    r'https?://(?:www\.)?youtube\.com/live/(?P<id>[\w-]{11})',
)]
_CHANNEL_RE = re.compile(
    r'https?://(?:www\.|m\.)?youtube\.com/'
    r'(?:@(?P<handle>[\w.-]+)|channel/(?P<cid>UC[\w-]{22})|(?:c|user)/(?P<name>[^/?#&]+))'
    r'(?:/(?P<tab>[\w-]+))?/?(?:[?#].*)?$')
_PLAYLIST_RE = re.compile(r'https?://(?:www\.|m\.)?youtube\.com/(?:playlist|watch)\?(?:[^#]*&)?list=(?P<id>[\w-]+)')
_FEED_CHANNELS_RE = re.compile(r'https?://(?:www\.|m\.)?youtube\.com/feed/channels/?(?:[?#].*)?$')

# The header the fixture server reads the platform cookies from (a signed-in request carries the
# account's cookie). yt-dlp itself would send them only to youtube.com, not to the fixture server.
_COOKIE_HEADER = 'X-Fake-Platform-Cookies'

_TAB_TITLES = {'videos': 'Videos', 'shorts': 'Shorts', 'streams': 'Live', 'featured': 'Home'}

# The results page's `sp` filters the fake understands: "channels only", and "sort by upload date" (CAI...).
_SP_CHANNELS = 'EgIQAg=='


def _base_url():
    base = os.environ.get(_ENV)
    if not base:
        raise ExtractorError(f'{_ENV} is not set', expected=True)
    return base.rstrip('/')


def _platform_cookies(ie):
    """The cookies yt-dlp would send to https://www.youtube.com/ (from --cookies), as `name=value; ...`.

    Expired cookies are left out by yt-dlp's cookie jar, as for a real request."""
    try:
        jar = ie._get_cookies('https://www.youtube.com/')
    except Exception:  # pragma: no cover - no cookie jar
        return ''
    return '; '.join(f'{name}={morsel.value}' for name, morsel in jar.items())


def _fetch_json(ie, path, display_id, note=None):
    """GETs fixture JSON through yt-dlp's own networking, so HTTP errors read exactly like real ones.

    The platform cookies go along, so the fixture server knows whether the request is signed in.
    `note` is what yt-dlp prints for the request (default "Downloading webpage")."""
    cookies = _platform_cookies(ie)
    headers = {_COOKIE_HEADER: cookies} if cookies else {}
    return json.loads(ie._download_webpage(_base_url() + path, display_id, note=note, headers=headers))


def _with_login_hint(reason):
    """What yt-dlp does to any reason that mentions "sign in": append the cookies hint."""
    if 'sign in' not in reason.lower():
        return reason
    reason = reason.strip()
    if reason.endswith('.'):
        reason = reason[:-1]
    return f'{reason}. {_LOGIN_HINT}'


def _raise_if_error(data, item_id):
    error = data.get('error') if isinstance(data, dict) else None
    if error:
        raise ExtractorError(error.get('message') or 'Unknown error', expected=True, video_id=item_id)


def _url_entries(ie, raw_entries):
    """Fixture listing rows -> url results (as youtube:tab's _extract_video makes them)."""
    approximate_date = bool(ie._configuration_arg('approximate_date', ie_key='youtubetab'))
    entries = []
    for entry in raw_entries:
        entry['_type'] = 'url'
        entry['ie_key'] = _WATCH_KEY
        if 'timestamp' in entry and not approximate_date:
            entry['timestamp'] = None
        entries.append(entry)
    return entries


def _channel_entries(raw_entries):
    """Fixture channel rows -> url results shaped like youtube:tab's _extract_channel_renderer."""
    entries = []
    for row in raw_entries:
        entry = {'_type': 'url', 'url': row.pop('url'), 'id': row.pop('id'), 'ie_key': _TAB_KEY}
        entry.update(row)
        entries.append(entry)
    return entries


def _search(ie, query, n, sort, kind='video'):
    """Like the real _search_results: one "API JSON" page, shown as 'query "<q>" page 1'.

    The page goes through _download_webpage like the real _call_api, so HTTP errors read as each yt-dlp
    version writes them: 2023.03.04 puts no id on them and fills in the URL's temp id, which search URLs
    lack ("[youtube:search_url] None: ...", a tuple bug in its extract()); 2026.08.19 names the page
    ("[youtube:search_url] query "q" page 1: ..."). The bot check is raised without an id, as the real
    alert errors are."""
    count = 'all' if n == float('inf') else str(int(n))
    params = urllib.parse.urlencode({'q': query, 'n': count, 'sort': sort, 'type': kind})
    data = json.loads(ie._download_webpage(
        f'{_base_url()}/api/search?{params}', f'query "{query}" page 1',
        note='Downloading API JSON', errnote='Unable to download API page'))
    error = data.get('error')
    if error:
        raise ExtractorError(_with_login_hint(error.get('message') or 'Unknown error'), expected=True)
    if kind == 'channel':
        entries = _channel_entries(data['entries'])
    else:
        entries = _url_entries(ie, data['entries'])
    return ie.playlist_result(entries, query, query)


class VidkeepFakeYoutubeIE(YoutubeIE, plugin_name=_PLUGIN_NAME):
    """Watch pages: /watch?v=, youtu.be/, /shorts/, /live/ (and every other form the real one routes here)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.IE_NAME = _WATCH_NAME

    def _real_initialize(self):
        pass  # no consent cookies, no login checks: nothing here may touch the network

    def _real_extract(self, url):
        video_id = None
        for regex in _WATCH_RES:
            mobj = regex.match(url)
            if mobj:
                video_id = mobj.group('id')
                break
        if not video_id:
            video_id = self._match_id(url)

        data = _fetch_json(self, f'/api/watch/{video_id}', video_id)
        error = data.get('error')
        if not error:
            return data

        reason = _with_login_hint(error.get('message') or 'Video unavailable')
        info = data.get('info')
        if not info:
            raise ExtractorError(reason, expected=True, video_id=video_id)
        # Like the real extractor: --ignore-no-formats-error turns this into a warning + metadata.
        self.raise_no_formats(reason, expected=True, video_id=video_id)
        return info


class VidkeepFakeYoutubeTabIE(YoutubeTabIE, plugin_name=_PLUGIN_NAME):
    """Channel tabs (/@handle[/videos|shorts|streams], /channel/UC...[/tab]) and playlists."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.IE_NAME = _TAB_NAME

    def _real_initialize(self):
        pass

    def _real_extract(self, url):
        if _FEED_CHANNELS_RE.match(url):
            return self._extract_subscriptions()

        mobj = _PLAYLIST_RE.match(url)
        if mobj:
            playlist_id = mobj.group('id')
            qs = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
            video_id = (qs.get('v') or [None])[0]
            if video_id and not self._yes_playlist(playlist_id, video_id):
                return self.url_result(f'https://www.youtube.com/watch?v={video_id}', _WATCH_KEY, video_id)
            return self._extract_playlist(playlist_id)

        mobj = _CHANNEL_RE.match(url)
        if mobj:
            return self._extract_channel(mobj)

        raise ExtractorError(f'Unsupported URL: {url}', expected=True)

    def _extract_subscriptions(self):
        """https://www.youtube.com/feed/channels: the signed-in account's subscribed channels, as
        channel url results. Without the account's cookie the platform wants a sign-in, which yt-dlp
        reports with its own login-required text."""
        data = _fetch_json(self, '/api/feed/channels', 'channels')
        error = data.get('error')
        if error and error.get('kind') == 'login-required':
            self.raise_login_required(error.get('message'), method='cookies')
        _raise_if_error(data, 'channels')
        return self.playlist_result(
            _channel_entries(data['entries']), 'channels', 'Channels',
            webpage_url='https://www.youtube.com/feed/channels')

    def _extract_playlist(self, playlist_id):
        data = _fetch_json(self, f'/api/playlist/{urllib.parse.quote(playlist_id)}', playlist_id)
        _raise_if_error(data, playlist_id)
        meta = dict(data['playlist'])
        meta.pop('id', None)
        title = meta.pop('title', None)
        entries = _url_entries(self, data['entries'])
        stop = data.get('interrupt_after')
        if stop is not None:
            entries = self._interrupted(entries, stop, playlist_id)
        return self.playlist_result(
            entries, playlist_id, title,
            webpage_url=f'https://www.youtube.com/playlist?list={playlist_id}', **meta)

    def _interrupted(self, entries, stop, playlist_id):
        """Yields the first `stop` entries, then fails as a lost continuation page would."""
        for entry in entries[:stop]:
            yield entry
        raise ExtractorError(
            'Incomplete data received: the connection was reset while reading the playlist',
            expected=True, video_id=playlist_id)

    def _extract_channel(self, mobj):
        handle, cid, name, tab = mobj.group('handle', 'cid', 'name', 'tab')
        if handle:
            item_id = key = f'@{handle}'
            pre = f'https://www.youtube.com/@{handle}'
        elif cid:
            item_id = key = cid
            pre = f'https://www.youtube.com/channel/{cid}'
        else:
            item_id = key = urllib.parse.unquote(name)
            pre = f'https://www.youtube.com/{"c" if "/c/" in mobj.group(0) else "user"}/{name}'
        tab = (tab or '').lower() or None
        if tab == 'live':
            if UserNotLive:
                raise UserNotLive(video_id=item_id)
            raise ExtractorError('The channel is not currently live', expected=True, video_id=item_id)

        display_id = f'{item_id}/{tab}' if tab else item_id
        path = f'/api/channel/{urllib.parse.quote(key, safe="@")}' + (f'/{tab}' if tab else '')
        data = _fetch_json(self, path, display_id)
        _raise_if_error(data, item_id)

        channel, tabs = data['channel'], data['tabs']
        if tab and data.get('total') is not None:
            entries = self._paged_entries(channel, tabs[tab], data.get('continuation'), path)
            return self._tab_result(channel, tab, entries, f'{pre}/{tab}', count=data['total'])
        if tab:
            return self._tab_result(channel, tab, tabs[tab], f'{pre}/{tab}')

        # Channel root: what the real youtube:tab does (see "Downloading all uploads" in youtube/_tab.py).
        self.to_screen('Downloading all uploads of the channel. '
                       'To download only the videos in a specific tab, pass the tab\'s URL')
        extra_tabs = [t for t in ('streams', 'shorts') if t in tabs]
        results = []
        if 'videos' in tabs:
            results.append(self._tab_result(channel, 'videos', tabs['videos'], f'{pre}/videos'))
        if self.get_param('playlist_items') == '0':
            results.extend(self.url_result(f'{pre}/{t}', _TAB_KEY) for t in extra_tabs)
        else:
            results.extend(self._tab_result(channel, t, tabs[t], f'{pre}/{t}') for t in extra_tabs)

        if len(results) == 1:
            return results[0]
        meta = dict(channel)
        meta.pop('id', None)
        title = meta.pop('title', None)
        if results:
            self.to_screen(
                'Downloading as multiple playlists, separated by tabs. To download as a single playlist instead, '
                f'pass https://www.youtube.com/playlist?list=UU{channel["id"][2:]}')
        return self.playlist_result(results, channel['id'], title, webpage_url=pre, **meta)

    def _paged_entries(self, channel, first_rows, continuation, path):
        """A tab's rows page by page, read as they are asked for, like the real _entries: the tab
        page's rows first, then one API call per continuation, printed (with -v, or without
        --quiet) as "[youtube:tab] <channel id> page N: Downloading API JSON". --sleep-requests
        paces each of these requests, as it does the real ones."""
        yield from _url_entries(self, first_rows)
        while continuation:
            data = _fetch_json(
                self, f'{path}?page={continuation}', f'{channel["id"]} page {continuation}',
                note='Downloading API JSON')
            _raise_if_error(data, channel['id'])
            rows = next(iter(data['tabs'].values()), [])
            yield from _url_entries(self, rows)
            continuation = data.get('continuation')

    def _tab_result(self, channel, tab, raw_entries, webpage_url, count=None):
        meta = dict(channel)
        meta.pop('id', None)
        name = meta.pop('title', None)
        entries = raw_entries if count is not None else _url_entries(self, raw_entries)
        meta['playlist_count'] = len(entries) if count is None else count
        return self.playlist_result(
            entries, channel['id'], f'{name} - {_TAB_TITLES.get(tab, tab.capitalize())}',
            webpage_url=webpage_url, extractor=_TAB_NAME, extractor_key=_TAB_KEY, **meta)


def _fake_search(sort, name):
    """Makes a search extractor answer from the fixture server, in `sort` order, under `name`.

    A class decorator rather than a mixin: yt-dlp's plugin override takes the class right after
    the plugin in the MRO as the one it replaces, so the real extractor must come first."""
    def install(cls):
        cls.IE_NAME = name
        cls._real_initialize = lambda self: None
        cls._get_n_results = lambda self, query, n: _search(self, query, n, sort)
        return cls
    return install


@_fake_search('relevance', _SEARCH_NAME)
class VidkeepFakeYoutubeSearchIE(YoutubeSearchIE, plugin_name=_PLUGIN_NAME):
    """ytsearchN:query - relevance order."""
    _SEARCH_KEY = 'ytsearch'


if YoutubeSearchDateIE:
    @_fake_search('date', _SEARCH_DATE_NAME)
    class VidkeepFakeYoutubeSearchDateIE(YoutubeSearchDateIE, plugin_name=_PLUGIN_NAME):
        """ytsearchdateN:query - newest first."""
        _SEARCH_KEY = 'ytsearchdate'


class VidkeepFakeYoutubeSearchURLIE(YoutubeSearchURLIE, plugin_name=_PLUGIN_NAME):
    """Search results pages: /results?search_query=<q>[&sp=...] (and /search?q=).

    With the "channels only" filter (sp=EgIQAg%3D%3D) the entries are channel url results
    (ie_key YoutubeTab); otherwise video url results like ytsearch (newest first with sp=CAI...)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.IE_NAME = _SEARCH_URL_NAME

    def _real_initialize(self):
        pass

    def _real_extract(self, url):
        qs = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
        query = (qs.get('search_query') or qs.get('q'))[0]
        sp = (qs.get('sp') or [''])[0]
        if '%' in sp:  # the doubly-encoded form yt-dlp's own tests use (EgIQAg%253D%253D)
            sp = urllib.parse.unquote(sp)
        if sp == _SP_CHANNELS:
            return _search(self, query, float('inf'), 'relevance', 'channel')
        return _search(self, query, float('inf'), 'date' if sp.startswith('CAI') else 'relevance')
