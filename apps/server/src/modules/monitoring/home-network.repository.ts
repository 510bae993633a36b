import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRecordsIn } from '../../db/recordset';
import {
  gatewaySnapshots,
  gatewayState,
  hostState,
  lanDeviceLabels,
  lineLocations,
  linesOfService,
} from '../../db/schema';
import type { HostStateRecord } from '../../telemetry/lan-hosts';
import type { GatewayStateRecord } from '../../telemetry/telemetry.repository';

export type LineRecord = typeof linesOfService.$inferSelect;
export type LanDeviceLabelRecord = typeof lanDeviceLabels.$inferSelect;
export type LineLocationRecord = typeof lineLocations.$inferSelect;

/** A line of service with its gateway's latest state, null until the gateway first reports. */
export interface LineWithState {
  line: LineRecord;
  state: GatewayStateRecord | null;
}

export interface SnapshotRecord {
  kind: string;
  reportedAt: Date;
  payload: unknown;
}

/**
 * The reads of a line's home network (each by a primary key or its prefix: the line's code,
 * then its id) and the writes of what users set on it: device names and icons, a location.
 */
export class HomeNetworkRepository {
  constructor(private readonly db: Db) {}

  async lineWithState(code: string): Promise<LineWithState | undefined> {
    const [row] = await this.db
      .select({ line: linesOfService, state: gatewayState })
      .from(linesOfService)
      .leftJoin(gatewayState, eq(gatewayState.lineId, linesOfService.id))
      .where(eq(linesOfService.lineOfServiceCode, code));
    return row;
  }

  /** Every LAN host the line's gateway has reported. */
  hosts(lineId: string): Promise<HostStateRecord[]> {
    return selectRecordsIn(this.db, hostState, hostState.lineId, [lineId], 'uuid');
  }

  async host(lineId: string, mac: string): Promise<HostStateRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(hostState)
      .where(and(eq(hostState.lineId, lineId), eq(hostState.mac, mac)));
    return row;
  }

  /** Which of `macs` are hosts of the line. */
  async knownMacs(lineId: string, macs: readonly string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ mac: hostState.mac })
      .from(hostState)
      .where(and(eq(hostState.lineId, lineId), inArray(hostState.mac, [...macs])));
    return new Set(rows.map((row) => row.mac));
  }

  labels(lineId: string): Promise<LanDeviceLabelRecord[]> {
    return this.db.select().from(lanDeviceLabels).where(eq(lanDeviceLabels.lineId, lineId));
  }

  async putLabel(label: LanDeviceLabelRecord): Promise<void> {
    await this.db
      .insert(lanDeviceLabels)
      .values(label)
      .onConflictDoUpdate({
        target: [lanDeviceLabels.lineId, lanDeviceLabels.mac],
        set: { alias: label.alias, icon: label.icon, updatedAt: label.updatedAt },
      });
  }

  async deleteLabel(lineId: string, mac: string): Promise<void> {
    await this.db
      .delete(lanDeviceLabels)
      .where(and(eq(lanDeviceLabels.lineId, lineId), eq(lanDeviceLabels.mac, mac)));
  }

  /** The line's latest snapshots of these kinds. */
  snapshots(lineId: string, kinds: readonly string[]): Promise<SnapshotRecord[]> {
    return this.db
      .select({
        kind: gatewaySnapshots.kind,
        reportedAt: gatewaySnapshots.reportedAt,
        payload: gatewaySnapshots.payload,
      })
      .from(gatewaySnapshots)
      .where(and(eq(gatewaySnapshots.lineId, lineId), inArray(gatewaySnapshots.kind, [...kinds])));
  }

  async userLocation(lineId: string): Promise<LineLocationRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(lineLocations)
      .where(eq(lineLocations.lineId, lineId));
    return row;
  }

  async putUserLocation(location: LineLocationRecord): Promise<void> {
    await this.db
      .insert(lineLocations)
      .values(location)
      .onConflictDoUpdate({
        target: lineLocations.lineId,
        set: {
          latitude: location.latitude,
          longitude: location.longitude,
          updatedAt: location.updatedAt,
        },
      });
  }

  /** Deletes the user's location; false when there was none. */
  async deleteUserLocation(lineId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(lineLocations)
      .where(eq(lineLocations.lineId, lineId))
      .returning({ lineId: lineLocations.lineId });
    return deleted.length > 0;
  }
}
