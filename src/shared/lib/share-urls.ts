/** Where each share button goes. Facebook, Twitter, Threads and Pinterest open a 600x400 window. */

export type ShareTarget = 'facebook' | 'twitter' | 'threads' | 'pinterest' | 'instagram' | 'tiktok';

export interface SharedPage {
  url: string;
  text: string;
}

export const SHARE_WINDOW_FEATURES = 'width=600,height=400,noopener,noreferrer';

const withParams = (base: string, params: Record<string, string>) => `${base}?${new URLSearchParams(params)}`;

/** The pages that take the link as parameters. */
export function shareUrl(target: Exclude<ShareTarget, 'instagram' | 'tiktok'>, page: SharedPage): string {
  switch (target) {
    case 'facebook':
      return withParams('https://www.facebook.com/sharer/sharer.php', { u: page.url });
    case 'twitter':
      return withParams('https://twitter.com/intent/tweet', { url: page.url, text: page.text });
    case 'threads':
      return withParams('https://www.threads.net/intent/post', { text: `${page.text} ${page.url}` });
    case 'pinterest':
      return withParams('https://pinterest.com/pin/create/button/', { url: page.url, description: page.text });
  }
}

/** Instagram and TikTok have no share page for links: the link is copied and the site's home page opened. */
export const SITE_HOME_URLS = {
  instagram: 'https://www.instagram.com/',
  tiktok: 'https://www.tiktok.com/',
} as const;
