import { onLive } from '../../api/socket';
import { storeRateCard } from './rates.api';

/** Another console saved a rate card: it becomes the current one wherever it is cached. Returns the unsubscribe. */
export function subscribeRatesLive(): () => void {
  return onLive('rates:updated', ({ rateCard }) => storeRateCard(rateCard));
}
