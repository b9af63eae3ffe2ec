import { MemberAgpReport } from '../features/agp-report/member-agp-report';

/**
 * The member's AGP report. Its title is the report's own h1 (the same on screen, in print and in
 * the PDF), so the screen does not add a second heading with the same words above it.
 */
export function AgpReportPage() {
  return <MemberAgpReport />;
}
