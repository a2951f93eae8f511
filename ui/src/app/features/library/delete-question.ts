/** What deleting a video asks; a protected one is removed all the same, and the question says so. */
export const deleteQuestion = (v: { protected: boolean }): string =>
  v.protected
    ? 'Delete the files of this video? It is protected from automatic removal; deleting it yourself still removes it.'
    : 'Delete the files of this video?';
