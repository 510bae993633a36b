import {
  channelLayout,
  type SiteSurveyEntry,
  type WifiSpectrumAnalyzer,
} from '@linesight/contract';
import type {
  SiteSurveyEntry as SurveyedNetwork,
  WifiRadio,
} from '../../telemetry/canonical-model';
import { lineOfServiceNotFound } from '../devices/devices.service';
import { normalisedBssid, recommendChannels } from './channel-recommendation';
import type { HomeNetworkRepository, SnapshotRecord } from './home-network.repository';

/**
 * The site survey (seed 001 sections 2, 3 and 5; docs/decisions/017): each band's latest
 * survey, the gateway's own networks as its latest WiFi settings give them, and the channel
 * docs/decisions/016 recommends per band.
 */

/** The bands the site survey screen offers. */
const surveyedBands = ['2.4GHz', '5GHz'] as const;
const surveyKinds = surveyedBands.map((band) => `siteSurvey:${band}`);

const centerChannelOf = (
  band: SiteSurveyEntry['freqBand'],
  channel: number | null,
  bandwidth: number | null,
): number | null =>
  channel === null ? null : channelLayout(band, channel, bandwidth).centerChannel;

/** The gateway's own enabled networks on the surveyed bands, on the channel their radio uses. */
function ownRows(radios: readonly WifiRadio[], reportedAt: Date): SiteSurveyEntry[] {
  return radios.flatMap((radio) =>
    radio.freqBand === null || !surveyedBands.some((band) => band === radio.freqBand)
      ? []
      : radio.wifiNetworks
          .filter((network) => network.ssidEnabled)
          .map((network) => ({
            ssid: network.ssid,
            bssid: network.bssid,
            standard: radio.standard,
            channel: radio.channel,
            rssi: null,
            freqBand: radio.freqBand,
            channelBandwidth: radio.channelBandwidth,
            centerChannel: centerChannelOf(radio.freqBand, radio.channel, radio.channelBandwidth),
            security: network.security,
            client: true,
            timestamp: reportedAt.getTime(),
          })),
  );
}

export class SiteSurveyService {
  constructor(private readonly homeNetwork: HomeNetworkRepository) {}

  /**
   * The networks the radios hear (the gateway's own left out: they appear once, as its own
   * rows) and the gateway's own networks; null before it reported either a survey or its radios.
   */
  async spectrumAnalyzer(code: string): Promise<WifiSpectrumAnalyzer | null> {
    const found = await this.homeNetwork.lineWithState(code);
    if (!found) throw lineOfServiceNotFound(code);
    const snapshots = await this.homeNetwork.snapshots(found.line.id, ['wifi', ...surveyKinds]);
    if (snapshots.length === 0) return null;
    const wifi = snapshots.find((snapshot) => snapshot.kind === 'wifi');
    const radios = (wifi?.payload as { wifiRadios: WifiRadio[] } | undefined)?.wifiRadios ?? [];
    const own = new Set(
      radios.flatMap((radio) =>
        radio.wifiNetworks.flatMap((network) => normalisedBssid(network.bssid) ?? []),
      ),
    );
    const surveys = surveyKinds.flatMap((kind) =>
      snapshots.filter((snapshot: SnapshotRecord) => snapshot.kind === kind),
    );
    const heard = surveys.flatMap((snapshot) =>
      (snapshot.payload as { siteSurvey: SurveyedNetwork[] }).siteSurvey.map((entry) => ({
        entry,
        reportedAt: snapshot.reportedAt,
      })),
    );
    const neighbours = heard.filter(({ entry }) => {
      const bssid = normalisedBssid(entry.bssid);
      return bssid === null || !own.has(bssid);
    });
    return {
      siteSurvey: [
        ...neighbours.map(({ entry, reportedAt }): SiteSurveyEntry => ({
          ...entry,
          centerChannel: centerChannelOf(entry.freqBand, entry.channel, entry.channelBandwidth),
          client: false,
          timestamp: reportedAt.getTime(),
        })),
        ...(wifi ? ownRows(radios, wifi.reportedAt) : []),
      ],
      recommendedChannel: recommendChannels(
        heard.map(({ entry }) => entry),
        radios,
      ),
    };
  }
}
