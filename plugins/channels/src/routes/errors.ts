import { ChannelErrorCodes as E } from '@vidkeep/contracts';
import type { DomainErrorStatuses } from '@vidkeep/plugin-kit';

/**
 * How the channels plugin's domain errors answer. The core's defaults fit all but one: unknown
 * channel or video 404, bad input and broken settings rules 400, a fetch or sweep already
 * running and a subfolder change under running downloads 409; the platform wanting cookies 403,
 * not knowing the channel 404, unreachable 503, a failed listing or search 502, a search out of
 * time 504; a client that left the search 499; too many searches 429.
 *
 * Spec 4.4: `/addchannelinfo` answers 422 for a channel without downloadable videos (invalid
 * input, but a different status from the plugin's other 400s). The subscription import's cookie
 * preview answers 422 too when the file is readable but gives no channel (reference 1.13): the
 * account subscribes to nothing, or the platform did not take the cookies as signed in.
 */
export const errorStatuses: DomainErrorStatuses = {
  codes: { [E.noVideos]: 422, [E.importNoChannels]: 422, [E.importNotSignedIn]: 422 },
};
