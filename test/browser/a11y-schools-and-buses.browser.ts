import { describeAccessibility } from './a11y-suite';

// The visitor, school staff, the bus company's dispatcher, the trip manager and the driver (the other roles: a11y-offices.browser.ts).
describeAccessibility('schoolsAndBuses');
