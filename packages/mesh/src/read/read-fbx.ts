import { fail, type MeshAssembler } from './mesh-assembler';

/** Reads a binary or ASCII FBX file into the assembler. */
export function readFbx(_bytes: Uint8Array, _asm: MeshAssembler): void {
  fail('fbx', 'FBX reading is not implemented yet');
}
