import { describeAccessibility } from './a11y-suite';

// The visitor, school staff, the bus company's dispatcher and the trip manager (the other roles: a11y-offices.browser.ts).
describeAccessibility('schoolsAndBuses');
