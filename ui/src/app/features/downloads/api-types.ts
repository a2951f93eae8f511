/** The API types this feature uses, from the contracts (type-only: nothing is bundled). */
export type {
  AudioFormat,
  Diagnosis,
  DownloadProgress,
  DownloadRequest,
  DownloadResponse,
  JobDetail,
  JobList,
  JobStatus,
  JobSummary,
  JobVideo,
  JobVideoState,
  Resolution,
  StorageStatus,
  Video,
  VideoListQuery,
  VideoProtectedResponse,
} from '@vidkeep/contracts';
