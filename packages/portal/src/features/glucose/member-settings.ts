import type { GlucoseUnit, MemberInfo, MemberSeting, PetType } from '@cgm-portal/api-client';
import type { GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { memberInfoQuery } from '../../session/queries';
import { useSession } from '../../session/session-context';
import { rangesAround, recommendedTargetRange, type TargetRange } from './pet-targets';

export interface MemberGlucoseSettings {
  unit: GlucoseUnit;
  /** The member's zone: every day and hour is cut here (spec §4), never the browser's. */
  timeZone: string;
  /** The saved settings; undefined until member info has arrived. */
  seting: MemberSeting | undefined;
  info: MemberInfo | undefined;
  /** A cat or a dog in the pet variant; null for people. */
  petType: PetType | null;
  isPet: boolean;
  /** The recommended target: consensus 70–180 for people, by species for pets. */
  standardTarget: TargetRange;
  /** The member's own target range (custom TIR); the standard one until settings arrive. */
  customTarget: TargetRange;
  standardRanges: GlucoseRanges;
  /**
   * The ranges every TIR figure uses: the member's target, as the server's report and the AGP
   * report do, so the same period shows the same TIR everywhere.
   */
  ranges: GlucoseRanges;
}

export function useMemberGlucoseSettings(): MemberGlucoseSettings {
  const { api, memberSettings, variant, userInfo } = useSession();
  const { data: info } = useQuery(memberInfoQuery(api));
  return useMemo(() => {
    const petType = info?.petType ?? userInfo?.petType ?? null;
    const isPet = variant.profileForm === 'pet' || petType !== null;
    const standardTarget = recommendedTargetRange(isPet ? (petType ?? 'cat') : null);
    const seting = info?.memberSeting;
    const customTarget = seting ? { low: seting.targetLow, high: seting.targetHigh } : standardTarget;
    return {
      unit: memberSettings.unit,
      timeZone: memberSettings.timeZone,
      seting,
      info,
      petType,
      isPet,
      standardTarget,
      customTarget,
      standardRanges: rangesAround(standardTarget),
      ranges: rangesAround(customTarget),
    };
  }, [info, userInfo?.petType, variant.profileForm, memberSettings.unit, memberSettings.timeZone]);
}
