import { getRouteApi } from '@tanstack/react-router';
import { DoctorDetail } from '../features/followers/doctor-detail';

const route = getRouteApi('/doctorDetail/$id');

/**
 * /doctorDetail/{id}: public by the spec, so no route guard; the screen authenticates with the
 * signed-in session and shows data only when the server allows it (see DoctorDetail).
 */
export function DoctorDetailPage() {
  const { id } = route.useParams();
  return <DoctorDetail memberId={/^\d+$/.test(id) ? Number(id) : NaN} />;
}
