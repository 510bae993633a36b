import { z } from 'zod';

/**
 * The 21 kinds of LAN device icon (seed 001 section 3), and how a kind is guessed from the name
 * a device gives itself. A user's choice (PUT /api/localnetwork) wins over the guess.
 */
export const deviceIcons = [
  'tablet',
  'smartphone',
  'macbook',
  'imac',
  'laptop',
  'desktop',
  'game-console',
  'smart-tv',
  'printer',
  'streaming-player',
  'smart-speaker',
  'camera',
  'thermostat',
  'smartwatch',
  'e-reader',
  'storage',
  'access-point',
  'phone',
  'smart-home',
  'set-top-box',
  'network-device',
] as const;
export type DeviceIcon = (typeof deviceIcons)[number];
export const deviceIconSchema = z.enum(deviceIcons);

export const defaultDeviceIcon: DeviceIcon = 'network-device';

/**
 * Keywords per kind, tried in this order: the first kind with a keyword in the name wins, so the
 * specific come before the general ("MacBook" before "Mac", "Galaxy Tab" before "Galaxy").
 */
const keywords: readonly [DeviceIcon, readonly string[]][] = [
  ['macbook', ['macbook', 'mbp']],
  ['imac', ['imac', 'mac-mini', 'macmini', 'mac mini', 'mac-pro', 'mac studio']],
  [
    'tablet',
    ['ipad', 'tablet', 'galaxy-tab', 'galaxy tab', 'galaxytab', 'surface', 'fire-hd', 'lenovo-tab'],
  ],
  ['e-reader', ['kindle', 'kobo', 'nook', 'reader']],
  ['smartwatch', ['watch', 'fitbit', 'garmin']],
  ['game-console', ['xbox', 'playstation', 'ps4', 'ps5', 'nintendo', 'switch-', 'steam', 'wii']],
  [
    'streaming-player',
    [
      'roku',
      'chromecast',
      'appletv',
      'apple-tv',
      'apple tv',
      'firetv',
      'fire-tv',
      'fire tv',
      'shield',
      'google-tv',
      'streamer',
    ],
  ],
  ['smart-tv', ['tv', 'bravia', 'vizio', 'webos', 'tizen', 'oled', 'samsung-q']],
  ['set-top-box', ['stb', 'set-top', 'settop', 'tivo', 'decoder', 'cable-box']],
  [
    'smart-speaker',
    [
      'echo',
      'alexa',
      'homepod',
      'sonos',
      'google-home',
      'google home',
      'nest-mini',
      'nest-audio',
      'nest-hub',
      'speaker',
    ],
  ],
  ['camera', ['camera', 'cam', 'arlo', 'wyze', 'doorbell', 'tapo-c']],
  ['thermostat', ['thermostat', 'ecobee', 'nest']],
  [
    'smartphone',
    [
      'iphone',
      'android',
      'galaxy',
      'pixel',
      'phone',
      'oneplus',
      'xiaomi',
      'huawei',
      'motorola',
      'moto',
      'redmi',
      'poco',
      'sm-g',
      'sm-a',
      'sm-s',
    ],
  ],
  ['phone', ['voip', 'polycom', 'yealink', 'cisco-sip', 'grandstream', 'handset']],
  [
    'printer',
    ['printer', 'print', 'laserjet', 'officejet', 'deskjet', 'epson', 'brother', 'brw', 'canon'],
  ],
  ['storage', ['nas', 'synology', 'qnap', 'diskstation', 'ds220', 'ds920', 'storage', 'drobo']],
  ['access-point', ['extender', 'repeater', 'mesh', 'eero', 'orbi', 'deco', 'access-point', 'ap-']],
  [
    'smart-home',
    [
      'plug',
      'bulb',
      'hue',
      'lifx',
      'wemo',
      'smartthings',
      'hub',
      'iot',
      'tado',
      'kasa',
      'tapo',
      'shelly',
      'hs100',
      'hs110',
      'kp105',
      'kp115',
      'homeassistant',
      'home-assistant',
    ],
  ],
  [
    'laptop',
    [
      'laptop',
      'notebook',
      'thinkpad',
      'ideapad',
      'chromebook',
      'xps',
      'elitebook',
      'zenbook',
      'yoga',
    ],
  ],
  ['desktop', ['desktop', 'pc', 'workstation', 'tower', 'optiplex', 'pavilion']],
];

/** The icon a device's name suggests; a network device when nothing matches. */
export function guessDeviceIcon(name: string | null | undefined): DeviceIcon {
  const lower = (name ?? '').toLowerCase();
  if (lower === '') return defaultDeviceIcon;
  for (const [icon, words] of keywords) {
    if (words.some((word) => lower.includes(word))) return icon;
  }
  return defaultDeviceIcon;
}
