import { describe, expect, it } from 'vitest';
import { filesOfLibraries, ITEMS_PAGE, librariesFromFolders, userFromDto } from './wire.js';

describe('the Jellyfin- and Emby-type answers', () => {
  it('reads every page of every library, leaving out items without a path', async () => {
    const asked: string[] = [];
    const total = ITEMS_PAGE + 2;
    const files = await filesOfLibraries(['a', 'b'], async (lib, start) => {
      asked.push(`${lib}@${start}`);
      if (lib === 'b') return { Items: [{ Id: 'x' }], TotalRecordCount: 1 };
      const n = Math.min(ITEMS_PAGE, total - start);
      return {
        Items: Array.from({ length: n }, (_, i) => ({ Id: `${start + i}`, Path: `/f/${start + i}` })),
        TotalRecordCount: total,
      };
    });
    expect(asked).toEqual(['a@0', `a@${ITEMS_PAGE}`, 'b@0']);
    expect(files).toHaveLength(total);
    expect(files.at(-1)).toEqual({ id: `${total - 1}`, path: `/f/${total - 1}` });
  });

  it('turns users and virtual folders into vidkeep shapes', () => {
    expect(userFromDto({ Id: 'u', Name: 'Ann', Policy: { IsAdministrator: true } })).toEqual({
      id: 'u',
      name: 'Ann',
      isAdministrator: true,
    });
    expect(
      librariesFromFolders([{ Name: 'Music', ItemId: '7', CollectionType: 'music', Locations: ['/m'] }, { Name: 'x' }]),
    ).toEqual([{ id: '7', name: 'Music', type: 'music', locations: ['/m'] }]);
  });
});
