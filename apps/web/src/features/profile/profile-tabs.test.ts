import { describe, expect, it } from 'vitest';
import { aFormConfig } from '../../test/fake-api';
import { gmtLabel, localTime } from './local-time';
import { defaultTab, profileTabs, windowStartFor } from './profile-tabs';

const { groups } = aFormConfig();
const labels = (tabs: { label: string }[]) => tabs.map((tab) => tab.label);

describe('profile tabs', () => {
  it('gives a colleague Events and the field groups only', () => {
    expect(labels(profileTabs('none', groups))).toEqual([
      'Events',
      'General',
      'Personal',
      'Social networks',
      'Employment',
    ]);
  });

  it('adds Competencies, Tasks, Subordination and Documents on the own profile and for HR, Audit for HR only', () => {
    const work = ['Competencies', 'Tasks', 'Subordination', 'Events', 'Documents'];
    const fieldGroups = ['General', 'Personal', 'Social networks', 'Employment'];
    expect(labels(profileTabs('self', groups))).toEqual([...work, ...fieldGroups]);
    expect(labels(profileTabs('hr', groups))).toEqual([...work, 'Audit', ...fieldGroups]);
  });

  it('hides the basic content on Subordination, Tasks, Documents, Competencies and Audit only', () => {
    const hiding = profileTabs('hr', groups).filter((tab) => tab.hidesBasics);
    expect(labels(hiding)).toEqual(['Competencies', 'Tasks', 'Subordination', 'Documents', 'Audit']);
  });

  it('opens on the first field group, with the carousel window showing it', () => {
    const tabs = profileTabs('hr', groups);
    expect(defaultTab(tabs)).toBe('group-1');
    expect(windowStartFor(tabs, 'group-1')).toBe(5);
    expect(windowStartFor(tabs, 'tasks')).toBe(1);
    expect(defaultTab(profileTabs('hr', []))).toBe('competencies');
  });
});

describe('local time', () => {
  const noonUtc = new Date('2025-06-01T12:05:00Z');

  it('shows the time at the GMT offset with its label', () => {
    expect([localTime(2, noonUtc), gmtLabel(2)]).toEqual(['14:05', 'GMT+2']);
    expect([localTime(-5, noonUtc), gmtLabel(-5)]).toEqual(['07:05', 'GMT-5']);
    expect([localTime(5.5, noonUtc), gmtLabel(5.5)]).toEqual(['17:35', 'GMT+5.5']);
    expect(gmtLabel(0)).toBe('GMT+0');
  });
});
