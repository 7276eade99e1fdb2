/** A piece around one whole end chain (a tail shell) bends along it, not with the joint it hangs from. */
import { connectedPieces } from '../src/skinning/bind-rigid-pieces';
import type { Skeleton } from '@rigforge/mesh';
import { bendChainPieces, endChainOf } from '../src/skinning/bend-chain-pieces';

describe('endChainOf', () => {
  // hips 0 → tail_1 1 → tail_2 2 → tail_3 3; hips → leg 4; leg → foot 5 and toe 6 (a branch).
  const parents = [-1, 0, 1, 2, 0, 4, 4];
  const childCount = [2, 1, 1, 0, 2, 0, 0];

  test('one leaf inside: its chain runs up to the branching joint, the hips inside do not count against it', () => {
    expect(endChainOf([0, 1, 2, 3], parents, childCount, 3)).toEqual([1, 2, 3]);
    expect(endChainOf([0, 2, 3], parents, childCount, 2)).toEqual([1, 2, 3]);
  });

  test('too little of the chain inside, or two leaves (a hand with its fingers), is no end chain', () => {
    expect(endChainOf([0, 2, 3], parents, childCount, 3)).toBeNull();
    expect(endChainOf([4, 5, 6], parents, childCount, 1)).toBeNull();
    expect(endChainOf([0, 1, 2], parents, childCount, 1)).toBeNull();
  });
});

describe('bendChainPieces', () => {
  const joint = (name: string, parent: number, x: number): Skeleton['joints'][number] => ({ name, parent, position: [x, 0, 0] } as Skeleton['joints'][number]);
  // The body: a triangle around the hips at x 0; the tail: a strip from x 1 to 4 holding tail_1..tail_3.
  const skeleton: Skeleton = { joints: [joint('hips', -1, 0), joint('tail_1', 0, 1.5), joint('tail_2', 1, 2.5), joint('tail_3', 2, 3.5), joint('leg', 0, -0.2)] };
  const positions = new Float32Array([
    -1, -1, 0, 1, -1, 0, 0, 1, 0, // body 0..2
    1, -0.1, 0, 4, -0.1, 0, 1, 0.1, 0, 4, 0.1, 0, // tail 3..6
  ]);
  const indices = new Uint32Array([0, 1, 2, 3, 4, 5, 4, 6, 5]);
  const slots = 2;
  const solved = (joint0: number): { joints: Int32Array; weights: Float32Array } => {
    const joints = new Int32Array(7 * slots).fill(-1), weights = new Float32Array(7 * slots);
    for (let v = 0; v < 7; v++) { joints[v * slots] = v < 3 ? 0 : joint0; weights[v * slots] = 1; }
    return { joints, weights };
  };
  const geodesicTail = (): { joints: Int32Array; weights: Float32Array } => {
    const joints = new Int32Array(7 * slots).fill(-1), weights = new Float32Array(7 * slots);
    for (let v = 0; v < 7; v++) { joints[v * slots] = v < 3 ? 0 : 2; joints[v * slots + 1] = v < 3 ? -1 : 3; weights[v * slots] = v < 3 ? 1 : 0.5; weights[v * slots + 1] = v < 3 ? 0 : 0.5; }
    return { joints, weights };
  };

  test('a tail piece the solve gives to the hips takes the geodesic weights along its chain; the body is left', () => {
    const { joints, weights } = solved(0);
    expect(bendChainPieces(positions, connectedPieces(indices, positions.length / 3), skeleton, joints, weights, slots, geodesicTail)).toBe(1);
    expect([...joints.slice(3 * slots)]).toEqual([2, 3, 2, 3, 2, 3, 2, 3]);
    expect([...joints.slice(0, 3 * slots)]).toEqual([0, -1, 0, -1, 0, -1]);
  });

  test('the geodesic weights are asked for once, final at the re-weighted piece\'s vertices only', () => {
    const { joints, weights } = solved(0);
    const asked: number[][] = [];
    const recorded = (needed: Uint8Array): { joints: Int32Array; weights: Float32Array } => {
      asked.push([...needed]);
      // Garbage outside the needed vertices: the result must not read it.
      const geo = geodesicTail();
      for (let v = 0; v < 7; v++) if (needed[v] !== 1) { geo.joints[v * slots] = 4; geo.weights[v * slots] = 0.25; }
      return geo;
    };
    expect(bendChainPieces(positions, connectedPieces(indices, positions.length / 3), skeleton, joints, weights, slots, recorded)).toBe(1);
    expect(asked).toEqual([[0, 0, 0, 1, 1, 1, 1]]);
    expect([...joints.slice(0, 3 * slots)]).toEqual([0, -1, 0, -1, 0, -1]);
    expect([...joints.slice(3 * slots)]).toEqual([2, 3, 2, 3, 2, 3, 2, 3]);
  });

  test('a tail piece already weighted along its chain is left as solved, and the geodesic weights are never asked for', () => {
    const { joints, weights } = solved(2);
    const never = (): never => { throw new Error('not needed'); };
    expect(bendChainPieces(positions, connectedPieces(indices, positions.length / 3), skeleton, joints, weights, slots, never)).toBe(0);
    expect(joints[3 * slots]).toBe(2);
  });

  test('a tail piece bound wholly to the first joint of its chain takes the geodesic weights too', () => {
    const { joints, weights } = solved(1);
    expect(bendChainPieces(positions, connectedPieces(indices, positions.length / 3), skeleton, joints, weights, slots, geodesicTail)).toBe(1);
    expect(joints[3 * slots]).toBe(2);
    const kept = solved(1);
    const never = (): never => { throw new Error('not needed'); };
    expect(bendChainPieces(positions, connectedPieces(indices, positions.length / 3), skeleton, kept.joints, kept.weights, slots, never, { baseShare: 1.01 })).toBe(0);
  });

  test('a chain of stand-in joints (taking no weight) leaves its piece as solved', () => {
    const { joints, weights } = solved(0);
    const never = (): never => { throw new Error('not needed'); };
    expect(bendChainPieces(positions, connectedPieces(indices, positions.length / 3), skeleton, joints, weights, slots, never, {}, [1, 2, 3])).toBe(0);
    expect(joints[3 * slots]).toBe(0);
  });
});
