import type { TripEstimate } from '@contracts/pricing';
import { screen } from '@testing-library/react';
import { mockFetch, renderWithApp } from '../../test-utils';
import { emptyTripForm } from '../trips/trip-form-values';
import { estimateQuery, EstimateView, RequestEstimate } from './trip-estimate';

const filled = {
  ...emptyTripForm(),
  departureDate: '2031-03-04',
  departureTime: '09:00 AM',
  returnDate: '2031-03-04',
  returnTime: '02:00 PM',
  students: 23 as const,
  staff: 2 as const,
};

const ESTIMATE: TripEstimate = {
  companyId: 30,
  companyName: 'Desert Star Buses',
  rateCardId: 4,
  rateCardVersion: 2,
  quote: {
    currency: 'AED',
    vatBasisPoints: 500,
    km: 160,
    lines: [
      {
        busType: 'White Bus',
        seats: 30,
        billableMinutes: 360,
        hoursAmount: 90_000,
        extraKm: 60,
        kmAmount: 18_000,
        subtotal: 108_000,
        vat: 5_400,
      },
    ],
    subtotal: 108_000,
    vat: 5_400,
    total: 113_400,
  },
  cancellationTiers: [
    { hoursBefore: 72, percent: 50 },
    { hoursBefore: 24, percent: 100 },
  ],
};

describe('the estimate on the request form', () => {
  it('asks for one only once passengers, valid times and a distance are all there', () => {
    expect(estimateQuery(filled, '', null)).toBeNull();
    expect(estimateQuery({ ...filled, students: '' }, 80, null)).toBeNull();
    expect(estimateQuery({ ...filled, returnTime: '08:00 AM' }, 80, null)).toBeNull();
    expect(estimateQuery({ ...filled, departureDate: '2031-02-30' }, 80, null)).toBeNull();
    expect(estimateQuery(filled, 0, null)).toBeNull();
    expect(estimateQuery(filled, 80, 12)).toEqual({
      students: 23,
      staff: 2,
      distanceKm: 80,
      departureDate: '2031-03-04',
      departureTime: '09:00 AM',
      returnDate: '2031-03-04',
      returnTime: '02:00 PM',
      schoolOrgId: 12,
    });
  });

  it('shows the server’s quote: each bus, subtotal, VAT and total in AED, and the cancellation terms in words', async () => {
    const { queries } = mockFetch({ 'GET /api/estimates': () => ({ body: ESTIMATE }) });
    renderWithApp(<RequestEstimate query={estimateQuery(filled, 80, null)} />);
    expect(await screen.findByText('AED 1,134.00')).toBeInTheDocument();
    expect(screen.getByText('White Bus (30 seats)')).toBeInTheDocument();
    expect(screen.getByText('6 h, 60 km extra')).toBeInTheDocument();
    expect(screen.getAllByText('AED 1,080.00')).toHaveLength(2); // the bus's line and the subtotal
    expect(screen.getByText('AED 54.00')).toBeInTheDocument();
    expect(screen.getByText(/Estimate from Desert Star Buses \(rates version 2\): 80 km each way, 160 km in all/)).toBeInTheDocument();
    expect(
      screen.getByText('Cancelling: Nothing until 72 hours before departure, 50 % within 72 hours, 100 % within 24 hours.'),
    ).toBeInTheDocument();
    expect(queries[0].get('distanceKm')).toBe('80');
  });

  it('prices a weekly series per trip and in all, in exact fils', async () => {
    mockFetch({ 'GET /api/estimates': () => ({ body: ESTIMATE }) });
    renderWithApp(<RequestEstimate query={estimateQuery(filled, 80, null)} trips={7} />);
    expect(await screen.findByText('Each trip of the series: AED 1,134.00; all 7: AED 7,938.00.')).toBeInTheDocument();
  });

  it('says why there is none: details missing, or no rates', async () => {
    mockFetch({ 'GET /api/estimates': () => ({ body: null }) });
    const { unmount } = renderWithApp(<RequestEstimate query={null} />);
    expect(screen.getByText('Give the passengers, the times and the distance to see an estimate.')).toBeInTheDocument();
    unmount();
    renderWithApp(<RequestEstimate query={estimateQuery(filled, 80, null)} />);
    expect(await screen.findByText('No estimate: the bus company has no rates for its buses yet.')).toBeInTheDocument();
  });

  it('shows a stored estimate in the trip’s details the same way', () => {
    renderWithApp(<EstimateView estimate={ESTIMATE} distanceKm={80} />);
    expect(screen.getByText('AED 1,134.00')).toBeInTheDocument();
  });
});
