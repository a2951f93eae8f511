/** One entry of `plexSubfolderLibraryMappings`: `{subfolder: name without "__" or null for the root, libraryId}`. */
export interface SubfolderLibrary {
  subfolder: string | null;
  libraryId: string;
}

/** What is wrong with one mapping row, or null (the schema's rules for an entry, in words). */
export function subfolderLibraryProblem(entry: unknown): string | null {
  const m = entry as SubfolderLibrary;
  if (!/^[0-9]{1,10}$/.test(m.libraryId)) return 'Choose a library for every subfolder';
  if (m.subfolder !== null && (m.subfolder === '' || m.subfolder.length > 100 || m.subfolder.startsWith('__')))
    return 'A subfolder is one name of at most 100 characters, without the leading __';
  return null;
}

/** The entry rules of the keys the cards edit as rows. */
export const ENTRY_RULES: Readonly<Record<string, (entry: unknown) => string | null>> = {
  plexSubfolderLibraryMappings: subfolderLibraryProblem,
};
