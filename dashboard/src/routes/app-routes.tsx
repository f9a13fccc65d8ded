import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Permission } from '@meridian/domain';
import { LoadingState } from '../components/full-page-status';
import { RequirePermission } from '../features/platform/auth/require-permission';
import { usePageTitle } from '../hooks/use-page-title';
import { RequireAuth } from './require-auth';

// Each page is its own chunk: the login page never downloads the charts the home page uses.
const LoginPage = lazy(() => import('../features/platform/auth/login-page'));
const AppShell = lazy(() => import('../features/platform/shell/app-shell'));
const HomePage = lazy(() => import('../features/platform/home/home-page'));
const CalculatorsPage = lazy(() => import('../features/financials/calculators/calculators-page'));
const FinancialHouseholdsPage = lazy(() => import('../features/financials/households-page'));
const HouseholdFinancialPage = lazy(() => import('../features/financials/household-financial-page'));
const CrmLayout = lazy(() => import('../features/crm/crm-layout'));
const ContactsPage = lazy(() => import('../features/crm/contacts-page'));
const ContactPage = lazy(() => import('../features/crm/contact-page'));
const NewContactPage = lazy(() => import('../features/crm/new-contact-page'));
const LeadsPage = lazy(() => import('../features/crm/leads-page'));
const CrmHouseholdsPage = lazy(() => import('../features/crm/households-page'));
const CrmHouseholdPage = lazy(() => import('../features/crm/household-page'));
const ReportsPage = lazy(() => import('../features/crm/reports-page'));
const CustomFieldsPage = lazy(() => import('../features/crm/custom-fields-page'));
const DeletedPage = lazy(() => import('../features/crm/deleted-page'));
const HubPage = lazy(() => import('../features/hub/connections/hub-page'));
const RunDetailPage = lazy(() => import('../features/hub/connections/run-detail-page'));
const ImportsPage = lazy(() => import('../features/hub/imports/imports-page'));
const NewImportPage = lazy(() => import('../features/hub/imports/new-import-page'));
const ImportWizardPage = lazy(() => import('../features/hub/imports/import-wizard-page'));
const AuditPage = lazy(() => import('../features/platform/audit/audit-page'));
const InvitationsSettingsPage = lazy(() => import('../features/platform/invitations/invitations-settings-page'));
const PublicLinksPage = lazy(() => import('../features/platform/links-profile/public-links-page'));
const AcceptInvitationPage = lazy(() => import('../features/platform/invitations/accept-invitation-page'));
const AcceptClientInvitationPage = lazy(() => import('../features/platform/invitations/accept-client-invitation-page'));
const OrganizationInvitationsPage = lazy(
  () => import('../features/platform/invitations/organization-invitations-page'),
);
const BrandingPage = lazy(() => import('../features/platform/branding/branding-page'));
const SettingsLayout = lazy(() => import('../features/platform/settings/settings-layout'));
const OrganizationSettingsPage = lazy(() => import('../features/platform/settings/organization-page'));
const TeamsSettingsPage = lazy(() => import('../features/platform/settings/teams-page'));
const ProfileSettingsPage = lazy(() => import('../features/platform/settings/profile-page'));
const MyTasksPage = lazy(() => import('../features/practice/tasks/my-tasks-page'));
const TaskBoardPage = lazy(() => import('../features/practice/tasks/task-board-page'));
const NotesPage = lazy(() => import('../features/practice/notes/notes-page'));
const DocumentsPage = lazy(() => import('../features/practice/documents/documents-page'));
const PipelinePage = lazy(() => import('../features/sales/pipeline/pipeline-page'));
const OpportunityPage = lazy(() => import('../features/sales/pipeline/opportunity-page'));
const MeetingsLayout = lazy(() => import('../features/practice/meetings/meetings-layout'));
const MeetingsCalendarPage = lazy(() => import('../features/practice/meetings/calendar-page'));
const MeetingPage = lazy(() => import('../features/practice/meetings/meeting-page'));
const MeetingTemplatesPage = lazy(() => import('../features/practice/meetings/templates-page'));
const CalendarsSettingsPage = lazy(() => import('../features/practice/meetings/calendars-settings-page'));
const PublicBookingPage = lazy(() => import('../features/practice/meetings/public-booking-page'));
const PublicProposalPage = lazy(() => import('../features/sales/public-proposal/public-proposal-page'));
const HouseholdPlansPage = lazy(() => import('../features/planning/household-plans-page'));
const PlanPage = lazy(() => import('../features/planning/plan-page'));
const NotFoundPage = lazy(() => import('../features/platform/errors/not-found-page'));

/**
 * Names the page in the browser tab; a detail page refines it with what it shows (usePageTitle).
 * With `permission`, a role that lacks it sees "Your role does not allow this page" instead.
 */
function Titled({ title, permission, children }: { title: string; permission?: Permission; children: ReactNode }) {
  usePageTitle(title);
  return permission ? <RequirePermission permission={permission}>{children}</RequirePermission> : children;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState fullPage />}>
      <Routes>
        <Route
          path="/login"
          element={
            <Titled title="Sign in">
              <LoginPage />
            </Titled>
          }
        />
        <Route
          path="/accept/team-member/:code"
          element={
            <Titled title="Join your team">
              <AcceptInvitationPage />
            </Titled>
          }
        />
        <Route
          path="/p/:slug"
          element={
            <Titled title="Links">
              <PublicLinksPage />
            </Titled>
          }
        />
        <Route
          path="/accept/advisor/:code"
          element={
            <Titled title="Join your team">
              <AcceptInvitationPage kind="advisor" />
            </Titled>
          }
        />
        <Route
          path="/accept/create-org/:code"
          element={
            <Titled title="Set up your firm">
              <AcceptInvitationPage kind="create-org" />
            </Titled>
          }
        />
        <Route
          path="/accept/client/:code"
          element={
            <Titled title="Your client portal">
              <AcceptClientInvitationPage />
            </Titled>
          }
        />
        <Route
          path="/proposal/:token"
          element={
            <Titled title="Your proposal">
              <PublicProposalPage />
            </Titled>
          }
        />
        <Route
          path="/book/:configId"
          element={
            <Titled title="Book a meeting">
              <PublicBookingPage />
            </Titled>
          }
        />
        <Route element={<RequireAuth />}>
          <Route element={<AppShell />}>
            <Route
              index
              element={
                <Titled title="Home">
                  <HomePage />
                </Titled>
              }
            />
            <Route
              path="calculators"
              element={
                <Titled title="Calculators">
                  <CalculatorsPage />
                </Titled>
              }
            />
            <Route
              path="financial-records"
              element={
                <Titled title="Financial records">
                  <FinancialHouseholdsPage />
                </Titled>
              }
            />
            <Route
              path="financial-records/:householdId"
              element={
                <Titled title="Household financials">
                  <HouseholdFinancialPage />
                </Titled>
              }
            />
            <Route
              path="cash-flows"
              element={
                <Titled title="Cash flows">
                  <FinancialHouseholdsPage />
                </Titled>
              }
            />
            <Route
              path="cash-flows/:householdId"
              element={
                <Titled title="Household financials">
                  <HouseholdFinancialPage />
                </Titled>
              }
            />
            <Route
              path="planning"
              element={
                <Titled title="Planning" permission="PLANNING_READ">
                  <FinancialHouseholdsPage />
                </Titled>
              }
            />
            <Route
              path="households/:householdId/plans"
              element={
                <Titled title="Plans" permission="PLANNING_READ">
                  <HouseholdPlansPage />
                </Titled>
              }
            />
            <Route
              path="plans/:planId"
              element={
                <Titled title="Plan" permission="PLANNING_READ">
                  <PlanPage />
                </Titled>
              }
            />
            <Route
              path="pipeline"
              element={
                <Titled title="Pipeline" permission="SALES_READ">
                  <PipelinePage />
                </Titled>
              }
            />
            <Route
              path="pipeline/:opportunityId"
              element={
                <Titled title="Sale" permission="SALES_READ">
                  <OpportunityPage />
                </Titled>
              }
            />
            <Route
              path="tasks"
              element={
                <Titled title="My tasks" permission="PRACTICE_READ">
                  <MyTasksPage />
                </Titled>
              }
            />
            <Route
              path="tasks/board"
              element={
                <Titled title="Team board" permission="PRACTICE_READ">
                  <TaskBoardPage />
                </Titled>
              }
            />
            <Route path="meetings" element={<MeetingsLayout />}>
              <Route index element={<Navigate to="calendar" replace />} />
              <Route
                path="calendar"
                element={
                  <Titled title="Calendar" permission="PRACTICE_READ">
                    <MeetingsCalendarPage />
                  </Titled>
                }
              />
              <Route
                path=":meetingId"
                element={
                  <Titled title="Meeting" permission="PRACTICE_READ">
                    <MeetingPage />
                  </Titled>
                }
              />
              <Route
                path="templates"
                element={
                  <Titled title="Booking templates" permission="PRACTICE_READ">
                    <MeetingTemplatesPage />
                  </Titled>
                }
              />
            </Route>
            <Route
              path="notes"
              element={
                <Titled title="Notes" permission="PRACTICE_READ">
                  <NotesPage />
                </Titled>
              }
            />
            <Route
              path="documents"
              element={
                <Titled title="Documents" permission="PRACTICE_READ">
                  <DocumentsPage />
                </Titled>
              }
            />
            <Route
              path="connections"
              element={
                <Titled title="Connections" permission="HUB_MANAGE">
                  <HubPage />
                </Titled>
              }
            />
            <Route
              path="connections/runs/:syncRunId"
              element={
                <Titled title="Sync run" permission="HUB_MANAGE">
                  <RunDetailPage />
                </Titled>
              }
            />
            <Route
              path="imports"
              element={
                <Titled title="Imports" permission="HUB_MANAGE">
                  <ImportsPage />
                </Titled>
              }
            />
            <Route
              path="imports/new"
              element={
                <Titled title="New import" permission="HUB_MANAGE">
                  <NewImportPage />
                </Titled>
              }
            />
            <Route
              path="imports/:batchId"
              element={
                <Titled title="Import" permission="HUB_MANAGE">
                  <ImportWizardPage />
                </Titled>
              }
            />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={<Navigate to="organization" replace />} />
              <Route
                path="organization"
                element={
                  <Titled title="Organization settings">
                    <OrganizationSettingsPage />
                  </Titled>
                }
              />
              <Route
                path="teams"
                element={
                  <Titled title="Teams">
                    <TeamsSettingsPage />
                  </Titled>
                }
              />
              <Route
                path="profile"
                element={
                  <Titled title="My profile">
                    <ProfileSettingsPage />
                  </Titled>
                }
              />
              <Route
                path="calendars"
                element={
                  <Titled title="Calendars" permission="PRACTICE_READ">
                    <CalendarsSettingsPage />
                  </Titled>
                }
              />
            </Route>
            <Route path="crm" element={<CrmLayout />}>
              <Route index element={<Navigate to="contacts" replace />} />
              <Route
                path="contacts"
                element={
                  <Titled title="Contacts">
                    <ContactsPage />
                  </Titled>
                }
              />
              <Route
                path="contacts/new"
                element={
                  <Titled title="New contact" permission="CRM_WRITE">
                    <NewContactPage kind="contact" />
                  </Titled>
                }
              />
              <Route
                path="contacts/:contactId"
                element={
                  <Titled title="Contact">
                    <ContactPage />
                  </Titled>
                }
              />
              <Route
                path="leads"
                element={
                  <Titled title="Leads">
                    <LeadsPage />
                  </Titled>
                }
              />
              <Route
                path="leads/new"
                element={
                  <Titled title="New lead" permission="CRM_WRITE">
                    <NewContactPage kind="lead" />
                  </Titled>
                }
              />
              <Route
                path="households"
                element={
                  <Titled title="Households">
                    <CrmHouseholdsPage />
                  </Titled>
                }
              />
              <Route
                path="households/:householdId"
                element={
                  <Titled title="Household">
                    <CrmHouseholdPage />
                  </Titled>
                }
              />
              <Route
                path="reports"
                element={
                  <Titled title="Reports">
                    <ReportsPage />
                  </Titled>
                }
              />
              <Route
                path="custom-fields"
                element={
                  <Titled title="Custom fields">
                    <CustomFieldsPage />
                  </Titled>
                }
              />
              <Route
                path="deleted"
                element={
                  <Titled title="Deleted records" permission="RECORDS_RESTORE">
                    <DeletedPage />
                  </Titled>
                }
              />
            </Route>
            <Route
              path="platform/organizations"
              element={
                <Titled title="New firms">
                  <OrganizationInvitationsPage />
                </Titled>
              }
            />
            <Route
              path="settings/invitations"
              element={
                <Titled title="Invitations" permission="ORGANIZATION_MANAGE">
                  <InvitationsSettingsPage />
                </Titled>
              }
            />
            <Route
              path="audit"
              element={
                <Titled title="Audit log" permission="AUDIT_READ">
                  <AuditPage />
                </Titled>
              }
            />
            <Route
              path="branding"
              element={
                <Titled title="Branding" permission="ORGANIZATION_MANAGE">
                  <BrandingPage />
                </Titled>
              }
            />
            <Route
              path="*"
              element={
                <Titled title="Page not found">
                  <NotFoundPage />
                </Titled>
              }
            />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
