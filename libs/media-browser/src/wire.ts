/**
 * The answers the Jellyfin- and Emby-type servers share (Emby is Jellyfin's ancestor; both write
 * PascalCase JSON and list in QueryResults), as far as vidkeep reads them, and how they become
 * vidkeep's shapes. Pure; each kind's client does its own requests.
 */
import type { ServerFile } from '@vidkeep/media-server-common';
import type { MediaServerLibrary, MediaServerUser, PlaylistMediaType } from '@vidkeep/contracts';

/** `QueryResult<T>`: a page of a list. */
export interface QueryResult<T> {
  Items?: T[];
  TotalRecordCount?: number;
}

export interface UserDto {
  Id: string;
  Name: string;
  Policy?: { IsAdministrator?: boolean };
}

export interface VirtualFolderInfo {
  Name?: string;
  Locations?: string[];
  CollectionType?: string | null;
  ItemId?: string;
}

export const userFromDto = (u: UserDto): MediaServerUser => ({
  id: u.Id,
  name: u.Name,
  isAdministrator: u.Policy?.IsAdministrator === true,
});

/** Libraries from `VirtualFolderInfo`s (a folder without an id cannot be scanned or chosen). */
export const librariesFromFolders = (folders: readonly VirtualFolderInfo[]): MediaServerLibrary[] =>
  folders
    .filter((f) => f.ItemId)
    .map((f) => ({
      id: f.ItemId!,
      name: f.Name ?? f.ItemId!,
      type: f.CollectionType ?? null,
      locations: f.Locations ?? [],
    }));

/** `IncludeItemTypes` for the files of a playlist's type. */
export const itemTypesFor = (mediaType: PlaylistMediaType): string =>
  mediaType === 'audio' ? 'Audio' : 'Movie,Video,Episode,MusicVideo';

/** Items per page when listing a library's files. */
export const ITEMS_PAGE = 1000;

/**
 * Every file of some libraries, reading each library page by page (`page` asks for one page from
 * `start`); items without a `Path` are left out.
 */
export async function filesOfLibraries(
  libraryIds: readonly string[],
  page: (libraryId: string, start: number) => Promise<QueryResult<{ Id: string; Path?: string }> | undefined>,
): Promise<ServerFile[]> {
  const files: ServerFile[] = [];
  for (const libraryId of libraryIds) {
    for (let start = 0; ; start += ITEMS_PAGE) {
      const result = await page(libraryId, start);
      for (const item of result?.Items ?? []) if (item.Path) files.push({ id: item.Id, path: item.Path });
      if ((result?.Items?.length ?? 0) < ITEMS_PAGE || start + ITEMS_PAGE >= (result?.TotalRecordCount ?? 0)) break;
    }
  }
  return files;
}
