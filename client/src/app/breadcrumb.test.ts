import { breadcrumbLabels } from './breadcrumb';

describe('breadcrumbLabels', () => {
  it('splits the path, turns hyphens into spaces and capitalises words', () => {
    expect(breadcrumbLabels('/admin/role-permissions')).toEqual(['Admin', 'Role Permissions']);
    expect(breadcrumbLabels('/trips')).toEqual(['Trips']);
    expect(breadcrumbLabels('/')).toEqual([]);
  });
});
