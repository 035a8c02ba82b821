import { useState } from 'react';
import type { Deactivation } from './fleet-deactivate-dialog';
import { fleetApi, storeFleetRow } from './fleet.api';
import { fleetDone, fleetFailed } from './fleet-toasts';

/**
 * Deactivating or reactivating a bus or driver. Deactivating asks first (`pending` opens the dialog that names the
 * upcoming trips counting on it); reactivating does not.
 */
export function useToggleActive() {
  const [pending, setPending] = useState<Deactivation | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (toggle: Deactivation) => {
    const active = !toggle.record.active;
    const word = active ? 'reactivated' : 'deactivated';
    setBusy(true);
    try {
      if (toggle.kind === 'bus') {
        storeFleetRow({ bus: await fleetApi.updateBus(toggle.record.id, { active, version: toggle.record.version }) });
        fleetDone(`Bus ${word}.`);
      } else {
        storeFleetRow({ driver: await fleetApi.updateDriver(toggle.record.id, { active, version: toggle.record.version }) });
        fleetDone(`Driver ${word}.`);
      }
      setPending(null);
    } catch (e) {
      fleetFailed(`Failed to ${active ? 'reactivate' : 'deactivate'} ${toggle.kind}`, e);
      setPending(null);
    } finally {
      setBusy(false);
    }
  };
  return {
    pending,
    busy,
    press: (toggle: Deactivation) => (toggle.record.active ? setPending(toggle) : void send(toggle)),
    confirm: () => pending && void send(pending),
    cancel: () => setPending(null),
  };
}

export type ToggleActive = ReturnType<typeof useToggleActive>;
