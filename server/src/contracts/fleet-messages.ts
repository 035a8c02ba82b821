/**
 * Texts about the fleet and the dispatch board, declared once: the server answers with them and the client's
 * forms show them. The Assign Bus modal's own texts are in TripMessages.
 */
export const FleetMessages = {
  bodyNotObject: 'The request body must be a JSON object.',
  nothingToUpdate: 'Nothing to update.',

  busNameRequired: 'Bus name or number is required.',
  busNameTooLong: 'Bus name must be at most 100 characters.',
  plateTooLong: 'Plate must be at most 20 characters.',
  busTypeRequired: 'Bus type is required.',
  busTypeInvalid: 'Bus type must be Internal Yellow Bus, External Yellow Bus or White Bus.',
  // The Assign Bus modal
  seatsRequired: 'Please enter number of seats.',
  seatsInvalid: 'Number of seats must be a whole number from 1 to 1000.',
  boosterSeatsInvalid: 'Booster seats must be a whole number from 0 to 1000.',
  boosterSeatsAboveSeats: 'A bus cannot carry more booster seats than it has seats.',
  activeInvalid: 'active must be true or false.',
  versionInvalid: 'version must be a whole number.',
  companyIdInvalid: 'companyId must be an organization id.',
  companyRequired: 'Choose the bus company (companyId).',

  driverNameRequired: 'Driver name is required.',
  driverNameTooLong: 'Driver name must be at most 200 characters.',
  mobileRequired: 'Driver mobile is required.',
  mobileInvalid: 'Driver mobile must be a phone number: digits, spaces and + - ( ), at most 50 characters.',
  licenceExpiryRequired: 'Licence expiry date is required.',
  licenceExpiryInvalid: 'Licence expiry must be a real date written YYYY-MM-DD.',

  busNotFound: 'Bus not found.',
  driverNotFound: 'Driver not found.',
  companyNotFound: 'Bus company not found.',
  noCompany: 'Your account is not linked to a bus company yet. Ask an admin to set your company.',
  busNameTaken: (name: string, company: string) => `A bus named "${name}" already exists in ${company}.`,
  plateTaken: (plate: string, company: string) => `A bus with plate "${plate}" already exists in ${company}.`,
  staleBus: 'This bus was changed by someone else in the meantime. Review it and try again.',
  staleDriver: 'This driver was changed by someone else in the meantime. Review them and try again.',

  // Assigning from the fleet (PATCH /trips/{id} with buses carrying busId / driverId)
  busNotInFleet: (id: number, company: string) => `Bus #${id} is not in the fleet of ${company}.`,
  driverNotInFleet: (id: number, company: string) => `Driver #${id} is not in the fleet of ${company}.`,
  busInactive: (name: string) => `${name} is not active. Choose an active bus.`,
  driverInactive: (name: string) => `${name} is not active. Choose an active driver.`,
  busListedTwice: (name: string) => `${name} is listed twice on this trip.`,
  driverListedTwice: (name: string) => `${name} cannot drive two buses of one trip.`,
  /** "45 passengers, 40 seats assigned." */
  tooFewSeats: (passengers: number, seats: number) => `${passengers} passengers, ${seats} seats assigned.`,
  /** "Omar Haddad's licence expires on Tue 1 Dec 2026, before this trip ends on Wed 2 Dec 2026." */
  licenceExpires: (name: string, expiry: string, tripEnd: string) =>
    `${name}'s licence expires on ${expiry}, before this trip ends on ${tripEnd}.`,
  /** "Bus 12 is already on Science Discovery Centre, Wed 2 Dec 09:15 AM–02:00 PM." */
  alreadyOn: (resource: string, destination: string, window: string) => `${resource} is already on ${destination}, ${window}.`,

  // GET /dispatch/board
  fromInvalid: 'from must be a real date written YYYY-MM-DD.',
  toInvalid: 'to must be a real date written YYYY-MM-DD.',
  toBeforeFrom: 'to must be on or after from.',
  windowTooLong: 'Choose at most 62 days.',

  // Alerts
  needsBusTitle: 'Needs a bus',
  needsBusMessage: (destination: string, departure: string) => `${destination} departs ${departure} and has no bus yet.`,
  busUnavailableMessage: (destination: string, departure: string, why: string) => `${destination} departs ${departure}: ${why}`,
  busClashes: (name: string) => `${name} is also on another trip at that time.`,
  busOutOfService: (name: string) => `${name} is out of service.`,
} as const;
