import { describeAccessibility } from './a11y-suite';

// The tenant's admin, the platform admin and finance (the other roles: a11y-schools-and-buses.browser.ts).
describeAccessibility('offices');
