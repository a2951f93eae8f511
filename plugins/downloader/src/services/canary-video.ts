/** The video every canary run asks the platform for. */
/**
 * The video every canary asks for: the platform's first upload, 19 seconds at 240p (about
 * 1 MB), public since 2005. The tests' fake platform serves a video under the same id.
 */
export const CANARY_VIDEO_ID = 'jNQXAC9IVRw';
export const CANARY_URL = `https://www.youtube.com/watch?v=${CANARY_VIDEO_ID}`;
