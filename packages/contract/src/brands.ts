/**
 * Provider brands (seed 000 section 1): ten providers, a default, and a demo list. A brand is
 * data only: the web client's `apply-brand.ts` turns it into CSS variables and a Mantine theme
 * at the root, and no component names a brand; the server brands its e-mails from it. Assets
 * live in `apps/web/public/brands/<id>/`, written by `apps/web/scripts/generate-brand-assets.ts`
 * from the colours here.
 */
export interface Brand {
  id: string;
  /** The host names whose first label starts with one of these get this brand. */
  hostPrefixes: readonly string[];
  productName: string;
  shortProductName: string;
  companyName: string;
  pageTitle: string;
  colors: {
    /** Buttons, links, focus: the Mantine primary colour. */
    primary: string;
    navBackground: string;
    navText: string;
  };
  logoUrl: string;
  faviconUrl: string;
  webClipIconUrl: string;
  /** Page help opens `{knowledgeBaseUrl}/{page}`. */
  knowledgeBaseUrl: string;
  /**
   * The external chat service behind the Support chat button that consumers whose user name
   * starts with `supportChatUsernamePrefix` (mwc) see (seed 000 section 1). Brands without one
   * show no button.
   */
  supportChatUrl?: string;
}

function brand(
  id: string,
  fields: Omit<Brand, 'id' | 'logoUrl' | 'faviconUrl' | 'webClipIconUrl' | 'hostPrefixes'> & {
    hostPrefixes?: readonly string[];
  },
): Brand {
  return {
    id,
    hostPrefixes: fields.hostPrefixes ?? [id],
    ...fields,
    logoUrl: `/brands/${id}/logo.svg`,
    faviconUrl: `/brands/${id}/favicon.svg`,
    webClipIconUrl: `/brands/${id}/web-clip.png`,
  };
}

export const defaultBrand: Brand = brand('linesight', {
  hostPrefixes: [],
  productName: 'LineSight',
  shortProductName: 'LineSight',
  companyName: 'LineSight',
  pageTitle: 'LineSight',
  colors: { primary: '#1c7ed6', navBackground: '#102a43', navText: '#f0f4f8' },
  knowledgeBaseUrl: 'https://help.linesight.example/kb',
});

export const providerBrands: readonly Brand[] = [
  brand('northwind', {
    productName: 'Northwind Care Portal',
    shortProductName: 'Care Portal',
    companyName: 'Northwind Broadband',
    pageTitle: 'Northwind Care Portal',
    colors: { primary: '#0b7285', navBackground: '#0b3d4f', navText: '#e3fafc' },
    knowledgeBaseUrl: 'https://support.northwind-broadband.example/care',
  }),
  brand('bluepeak', {
    productName: 'BluePeak Line Monitor',
    shortProductName: 'Line Monitor',
    companyName: 'BluePeak Fiber',
    pageTitle: 'BluePeak Line Monitor',
    colors: { primary: '#3b5bdb', navBackground: '#1b2a6b', navText: '#edf2ff' },
    knowledgeBaseUrl: 'https://help.bluepeakfiber.example/monitor',
  }),
  brand('coastal', {
    productName: 'Coastal Connect HomeView',
    shortProductName: 'HomeView',
    companyName: 'Coastal Connect',
    pageTitle: 'Coastal Connect HomeView',
    colors: { primary: '#1098ad', navBackground: '#0c4a57', navText: '#e6fcf5' },
    knowledgeBaseUrl: 'https://kb.coastalconnect.example/homeview',
  }),
  brand('meridian', {
    productName: 'Meridian NetCare',
    shortProductName: 'NetCare',
    companyName: 'Meridian Telecom',
    pageTitle: 'Meridian NetCare',
    colors: { primary: '#7048e8', navBackground: '#2b1a5c', navText: '#f3f0ff' },
    knowledgeBaseUrl: 'https://support.meridiantelecom.example/netcare',
  }),
  brand('redrock', {
    productName: 'Red Rock Gateway Insight',
    shortProductName: 'Gateway Insight',
    companyName: 'Red Rock Internet',
    pageTitle: 'Red Rock Gateway Insight',
    colors: { primary: '#c92a2a', navBackground: '#4a1212', navText: '#fff5f5' },
    knowledgeBaseUrl: 'https://help.redrockinternet.example/insight',
  }),
  brand('evergreen', {
    productName: 'Evergreen Home Network Care',
    shortProductName: 'Network Care',
    companyName: 'Evergreen Networks',
    pageTitle: 'Evergreen Home Network Care',
    colors: { primary: '#2b8a3e', navBackground: '#173d20', navText: '#ebfbee' },
    knowledgeBaseUrl: 'https://docs.evergreen-networks.example/care',
  }),
  brand('harbor', {
    productName: 'Harbor Cable Support Desk',
    shortProductName: 'Support Desk',
    companyName: 'Harbor Cable',
    pageTitle: 'Harbor Cable Support Desk',
    colors: { primary: '#1864ab', navBackground: '#0d2b4a', navText: '#e7f5ff' },
    knowledgeBaseUrl: 'https://help.harborcable.example/desk',
  }),
  brand('summit', {
    productName: 'Summit LineView',
    shortProductName: 'LineView',
    companyName: 'Summit Communications',
    pageTitle: 'Summit LineView',
    colors: { primary: '#e8590c', navBackground: '#3d2314', navText: '#fff4e6' },
    knowledgeBaseUrl: 'https://kb.summitcomms.example/lineview',
  }),
  brand('prairie', {
    productName: 'Prairie Link Home Monitor',
    shortProductName: 'Home Monitor',
    companyName: 'Prairie Link',
    pageTitle: 'Prairie Link Home Monitor',
    colors: { primary: '#a47b00', navBackground: '#3b3012', navText: '#fff9db' },
    knowledgeBaseUrl: 'https://support.prairielink.example/monitor',
  }),
  brand('aurora', {
    productName: 'Aurora Wireless CareView',
    shortProductName: 'CareView',
    companyName: 'Aurora Wireless',
    pageTitle: 'Aurora Wireless CareView',
    colors: { primary: '#c2255c', navBackground: '#3f1230', navText: '#fff0f6' },
    knowledgeBaseUrl: 'https://help.aurorawireless.example/careview',
    // The seed names one consumer kind with a chat service ("mwc", read as My Wireless Care) and
    // no brand for it; Aurora Wireless CareView is the one wireless care brand, so it alone has
    // a chat service. A brand that gets one later adds its address here; no code changes.
    supportChatUrl: 'https://chat.aurorawireless.example/mywirelesscare',
  }),
];

/**
 * Host prefixes that turn demoMode on. What follows the prefix and a dash still picks the
 * brand: `demo-northwind.example.com` is Northwind in demo mode, `demo.example.com` the default.
 */
export const demoHostPrefixes: readonly string[] = ['demo', 'sandbox', 'trial'];
