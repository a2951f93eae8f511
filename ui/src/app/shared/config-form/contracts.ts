/** The `@vidkeep/contracts` types the config form uses (type-only: erased from the bundle). */
export type { FilenamePreview, GetConfigResponse } from '@vidkeep/contracts';
