import { copyText, selectText } from './clipboard';

describe('copyText', () => {
  let el: HTMLElement;

  beforeEach(() => {
    el = document.createElement('code');
    el.textContent = 'vk_secret';
    document.body.appendChild(el);
  });

  afterEach(() => {
    el.remove();
    document.getSelection()?.removeAllRanges();
  });

  it('uses the Clipboard API when available', async () => {
    const written: string[] = [];
    const result = await copyText('vk_secret', el, { writeText: async (t: string) => void written.push(t) });
    expect(result).toBe('copied');
    expect(written).toEqual(['vk_secret']);
  });

  it('selects the text when the Clipboard API refuses', async () => {
    const result = await copyText('vk_secret', el, { writeText: () => Promise.reject(new Error('not allowed')) });
    expect(['selected', 'copied']).toContain(result);
    expect(document.getSelection()?.toString()).toBe('vk_secret');
  });

  it('selects the text without a Clipboard API', async () => {
    const result = await copyText('vk_secret', el, null);
    expect(['selected', 'copied']).toContain(result);
    expect(document.getSelection()?.toString()).toBe('vk_secret');
  });

  it('fails without an API and without an element', async () => {
    expect(await copyText('x', null, null)).toBe('failed');
  });

  it('selectText selects the element contents', () => {
    expect(selectText(el)).toBe(true);
    expect(document.getSelection()?.toString()).toBe('vk_secret');
  });
});
