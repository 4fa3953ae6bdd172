import { describe, expect, it } from 'vitest';
import { SHARE_WINDOW_FEATURES, shareUrl, SITE_HOME_URLS } from './share-urls';

const page = { url: 'https://example.com/?a=1&b=2', text: 'Free PNG to GIF & more' };

describe('shareUrl', () => {
  it('gives Facebook the page as u', () => {
    const url = new URL(shareUrl('facebook', page));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(url.searchParams.get('u')).toBe(page.url);
  });
  it('gives Twitter the url and the text', () => {
    const url = new URL(shareUrl('twitter', page));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(Object.fromEntries(url.searchParams)).toEqual({ url: page.url, text: page.text });
  });
  it('gives Threads one text holding the link', () => {
    const url = new URL(shareUrl('threads', page));
    expect(url.origin + url.pathname).toBe('https://www.threads.net/intent/post');
    expect(Object.fromEntries(url.searchParams)).toEqual({ text: `${page.text} ${page.url}` });
  });
  it('gives Pinterest the url and a description', () => {
    const url = new URL(shareUrl('pinterest', page));
    expect(url.origin + url.pathname).toBe('https://pinterest.com/pin/create/button/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ url: page.url, description: page.text });
  });
  it('escapes what would break the query', () => {
    expect(shareUrl('facebook', page)).toContain('u=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2');
  });
  it('opens 600x400 windows and the home pages of Instagram and TikTok', () => {
    expect(SHARE_WINDOW_FEATURES).toMatch(/^width=600,height=400/);
    expect(SITE_HOME_URLS).toEqual({ instagram: 'https://www.instagram.com/', tiktok: 'https://www.tiktok.com/' });
  });
});
