import { describe, expect, it } from 'vitest';
import { type DeviceIcon, deviceIcons, guessDeviceIcon } from './device-icons';

/** Host names as gateways report them, a few per kind (DHCP host names and mDNS names). */
const namesByKind: Record<DeviceIcon, readonly string[]> = {
  /* The simulator's catalogue names (packages/simulator/src/catalog.ts) are among them. */
  tablet: ['Emmas-iPad', 'Galaxy-Tab-S8', 'Surface-Go-3', 'Fire-HD-10'],
  smartphone: [
    'Johns-iPhone',
    'Pixel-7a',
    'Galaxy-S23-Ultra',
    'android-5f2c9a1e7d3b',
    'Redmi-Note-12',
    'POCO-F5',
    'SM-G991B',
  ],
  macbook: ['Sarahs-MacBook-Pro', 'MacBook-Air', 'Adas-MBP'],
  imac: ['Family-iMac', 'Mac-mini', 'Studio-Mac-Pro'],
  laptop: ['LAPTOP-7H2K9Q', 'ThinkPad-X1', 'HP-EliteBook-840', 'Chromebook-Kids', 'IdeaPad-Ada'],
  desktop: ['DESKTOP-4JD8R2L', 'Dell-OptiPlex-7090', 'Gaming-PC', 'HP-Pavilion-Ada'],
  'game-console': ['XBOXONE', 'PS5-123456', 'Nintendo-Switch', 'Switch-Ada'],
  'smart-tv': [
    'LGwebOSTV',
    'Samsung-TV',
    'BRAVIA-4K-GB',
    'Vizio-SmartCast',
    'LG-OLED55',
    'Samsung-Q70',
  ],
  printer: [
    'HP-LaserJet-M404',
    'EPSON-ET-2850',
    'Brother-HL-L2350DW',
    'Canon-TS3320',
    'BRW0080927AFBC3',
  ],
  'streaming-player': [
    'Roku-Ultra',
    'Chromecast',
    'Apple-TV',
    'Fire-TV-Stick-4K',
    'Google-TV-Streamer',
  ],
  'smart-speaker': ['Echo-Dot', 'Kitchen-HomePod', 'Sonos-One', 'Google-Home-Mini', 'Nest-Hub'],
  camera: ['Ring-Doorbell', 'Arlo-Pro-4', 'Wyze-Cam-v3', 'Backyard-Camera', 'Tapo-C310'],
  thermostat: ['Nest-Learning-Thermostat', 'ecobee3-lite', 'Honeywell-T6-Thermostat'],
  smartwatch: ['Apple-Watch', 'Galaxy-Watch5', 'Fitbit-Sense'],
  'e-reader': ['Kindle-Paperwhite', 'Kobo-Clara', 'Nook-GlowLight'],
  storage: ['Synology-DS220', 'QNAP-TS-251', 'DiskStation', 'NAS-Basement', 'DS220plus'],
  'access-point': ['eero-Beacon', 'Orbi-Satellite', 'TP-Link-Deco-M5', 'WiFi-Extender'],
  phone: ['Polycom-VVX-311', 'Yealink-T46S', 'Grandstream-HT802', 'VoIP-Adapter'],
  'smart-home': [
    'Philips-Hue-Bridge',
    'Kasa-Smart-Plug',
    'SmartThings-Hub',
    'LIFX-Bulb',
    'Tapo-P100',
    'shelly1pm-E8DB849A339E',
    'KP115',
    'homeassistant',
  ],
  'set-top-box': ['TiVo-Edge', 'Cable-Box-Living', 'STB-7001', 'Decoder-HD'],
  'network-device': ['ESP_3A4F21', 'unknown', '192.168.1.57'],
};

describe('guessDeviceIcon', () => {
  it('should cover each of the 21 kinds with names', () => {
    expect(Object.keys(namesByKind).sort()).toEqual([...deviceIcons].sort());
    expect(deviceIcons).toHaveLength(21);
  });

  for (const kind of deviceIcons) {
    it(`should guess ${kind} from ${namesByKind[kind].join(', ')}`, () => {
      for (const name of namesByKind[kind])
        expect([name, guessDeviceIcon(name)]).toEqual([name, kind]);
    });
  }

  // "switch" and "ring" were keywords once: a network switch is no console, Springfield no camera.
  it('should not read a kind into words that merely contain a keyword', () => {
    expect(guessDeviceIcon('Netgear-GS308-Switch')).toBe('network-device');
    expect(guessDeviceIcon('Springfield-Laptop')).toBe('laptop');
  });

  it('should fall back to a network device with no name', () => {
    expect(guessDeviceIcon(null)).toBe('network-device');
    expect(guessDeviceIcon(undefined)).toBe('network-device');
    expect(guessDeviceIcon('')).toBe('network-device');
  });
});
