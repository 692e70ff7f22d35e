import { describe, expect, it } from 'vitest';
import { CHAMBER_MASTER_RESOURCES, CHAMBER_OPERATION_RESOURCES, PAGES, canAccess } from './permissions.ts';

const WRITE = ['create', 'edit', 'delete'] as const;
const READ = ['list', 'show'] as const;

describe('canAccess matrix (DESIGN §6, spec §6)', () => {
  it('§6: CCI_ADMIN may read and write every chamber resource and open /admin', () => {
    for (const resource of [...CHAMBER_MASTER_RESOURCES, ...CHAMBER_OPERATION_RESOURCES]) {
      for (const action of [...READ, ...WRITE, 'export']) {
        expect(canAccess('CCI_ADMIN', { resource, action })).toBe(true);
      }
    }
    expect(canAccess('CCI_ADMIN', { resource: PAGES.adminDashboard, action: 'access' })).toBe(true);
  });

  it('§6: CCI_CONFERENCE_USER reads master data but writes only conference operations', () => {
    for (const resource of CHAMBER_MASTER_RESOURCES) {
      for (const action of READ) {
        expect(canAccess('CCI_CONFERENCE_USER', { resource, action })).toBe(true);
      }
      for (const action of WRITE) {
        expect(canAccess('CCI_CONFERENCE_USER', { resource, action })).toBe(false);
      }
    }
    for (const resource of CHAMBER_OPERATION_RESOURCES) {
      for (const action of [...READ, ...WRITE]) {
        expect(canAccess('CCI_CONFERENCE_USER', { resource, action })).toBe(true);
      }
    }
    expect(canAccess('CCI_CONFERENCE_USER', { resource: 'users', action: 'edit' })).toBe(false);
    expect(canAccess('CCI_CONFERENCE_USER', { resource: 'conference_templates', action: 'create' })).toBe(false);
    expect(canAccess('CCI_CONFERENCE_USER', { resource: PAGES.adminDashboard, action: 'access' })).toBe(true);
  });

  it('§6: COMPANY_ADMIN only reaches the company audience', () => {
    const allow = (resource: string, action: string) => canAccess('COMPANY_ADMIN', { resource, action });
    expect(allow(PAGES.companyMeetings, 'access')).toBe(true);
    expect(allow(PAGES.companyConfirmAccount, 'access')).toBe(true);
    expect(allow('company/conferences', 'list')).toBe(true);
    expect(allow('company/conferences', 'edit')).toBe(false);
    expect(allow('company/conference_members', 'edit')).toBe(true);
    expect(allow('company/conference_members', 'delete')).toBe(false);
    expect(allow('company/companies', 'edit')).toBe(true);
    expect(allow('company/companies', 'create')).toBe(false);
    expect(allow(PAGES.adminDashboard, 'access')).toBe(false);
    for (const resource of [...CHAMBER_MASTER_RESOURCES, ...CHAMBER_OPERATION_RESOURCES]) {
      expect(allow(resource, 'list')).toBe(false);
    }
  });

  it('DESIGN.md §11.4: imports are CCI_ADMIN only', () => {
    for (const action of ['list', 'show', 'create'] as const) {
      expect(canAccess('CCI_ADMIN', { resource: 'imports', action })).toBe(true);
      expect(canAccess('CCI_CONFERENCE_USER', { resource: 'imports', action })).toBe(false);
      expect(canAccess('COMPANY_ADMIN', { resource: 'imports', action })).toBe(false);
    }
  });

  it('issue 33: the chamber’s mail settings (sender name, Reply-To) are CCI_ADMIN only', () => {
    for (const action of ['show', 'edit'] as const) {
      expect(canAccess('CCI_ADMIN', { resource: 'chamber_settings', action })).toBe(true);
      expect(canAccess('CCI_CONFERENCE_USER', { resource: 'chamber_settings', action })).toBe(false);
      expect(canAccess('COMPANY_ADMIN', { resource: 'chamber_settings', action })).toBe(false);
    }
  });

  it('§6: chamber roles cannot open company pages', () => {
    expect(canAccess('CCI_ADMIN', { resource: PAGES.companyMeetings, action: 'access' })).toBe(false);
    expect(canAccess('CCI_CONFERENCE_USER', { resource: 'company/conferences', action: 'list' })).toBe(false);
  });

  it('denies by default: unknown role, resource or action', () => {
    expect(canAccess(null, { resource: 'companies', action: 'list' })).toBe(false);
    expect(canAccess('GUEST', { resource: 'companies', action: 'list' })).toBe(false);
    expect(canAccess('CCI_ADMIN', { resource: 'nope', action: 'list' })).toBe(false);
    expect(canAccess('CCI_ADMIN', { resource: 'companies', action: 'launch' })).toBe(false);
    expect(canAccess('COMPANY_ADMIN', { resource: 'constructor', action: 'list' })).toBe(false);
  });
});
