/** The API types of the library pages, from the contracts (type-only: nothing is bundled). */
export type {
  BulkDeleteResponse,
  DownloadResponse,
  JobSummary,
  Video,
  VideoLinksResponse,
  VideoListQuery,
  VideoMetadataResponse,
  VideoProtectedResponse,
  VideoRatingResponse,
} from '@vidkeep/contracts';
