#!/usr/bin/env bash
# Imports FBX files headless in Blender (bpy.ops.import_scene.fbx) and prints, per file, one line
# "CHECK_FBX {json}" with the objects, meshes (vertices, polygons, vertex groups, weighted vertices,
# materials, armature modifier, world-space size), armatures (bone count and names), images
# (embedded textures arrive packed), per-bone angle between the bone and its nearest child
# (bone_to_child_deg, with its max and the count over 20°), the skinned mesh's largest drift from
# the imported one with every bone at rest (bind_pose_drift), and actions (frame range, fcurve count) that Blender made.
# Blender is the strictest open importer we can run here; assimp alone is not enough of a judge.
#
# usage: packages/mesh/scripts/check-fbx.sh file.fbx [more.fbx ...]
# needs: Debian `blender` (apt-get install -y blender python3-numpy)
set -euo pipefail
if ! command -v blender >/dev/null; then
  echo "check-fbx: blender is not installed (apt-get install -y blender python3-numpy)" >&2
  exit 2
fi
if [ "$#" -eq 0 ]; then
  echo "usage: $0 file.fbx [more.fbx ...]" >&2
  exit 2
fi
read -r -d '' PY <<'PYEOF' || true
import sys, json, math, bpy
from mathutils import Vector
files = sys.argv[sys.argv.index("--") + 1:]
for path in files:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.fbx(filepath=path)
    out = {"file": path, "result": sorted(result), "objects": len(bpy.context.scene.objects), "meshes": [], "armatures": []}
    for o in bpy.context.scene.objects:
        if o.type == "MESH":
            me = o.data
            weighted = sum(1 for v in me.vertices if any(g.weight > 0 for g in v.groups))
            corners = [o.matrix_world @ Vector(c) for c in o.bound_box]
            size = [max(c[i] for c in corners) - min(c[i] for c in corners) for i in range(3)]
            out["meshes"].append({
                "name": o.name, "vertices": len(me.vertices), "polygons": len(me.polygons),
                "vertex_groups": len(o.vertex_groups), "weighted_vertices": weighted,
                "materials": len(me.materials),
                "armature_modifier": any(m.type == "ARMATURE" and m.object is not None for m in o.modifiers),
                "world_size_xyz": [round(s, 4) for s in size],
            })
        elif o.type == "ARMATURE":
            # Bone direction (Blender: head -> tail, the bone's local +Y) against the direction to
            # its children's heads: the angle to the nearest-aligned child, per bone with children.
            angles = {}
            for b in o.data.bones:
                d = b.tail_local - b.head_local
                kids = [c.head_local - b.head_local for c in b.children if (c.head_local - b.head_local).length > 1e-6]
                if d.length > 1e-9 and kids:
                    angles[b.name] = round(min(math.degrees(d.angle(k)) for k in kids), 1)
            out["armatures"].append({
                "name": o.name, "bones": len(o.data.bones), "bone_names": [b.name for b in o.data.bones],
                "bone_to_child_deg": angles,
                "bone_to_child_max_deg": max(angles.values(), default=0),
                "bones_over_20_deg": sum(1 for a in angles.values() if a > 20),
            })
    # Skin at bind pose: with the armature's actions cleared and every pose bone at rest, the
    # deformed mesh must equal the imported one (bind matrices consistent with the joints).
    for o in bpy.context.scene.objects:
        if o.type == "ARMATURE":
            o.animation_data_clear()
            for pb in o.pose.bones:
                pb.matrix_basis.identity()
    bpy.context.view_layer.update()
    deps = bpy.context.evaluated_depsgraph_get()
    for m in out["meshes"]:
        o = bpy.context.scene.objects[m["name"]]
        ev = o.evaluated_get(deps).to_mesh()
        m["bind_pose_drift"] = round(max(((a.co - b.co).length for a, b in zip(ev.vertices, o.data.vertices)), default=0), 6)
        o.evaluated_get(deps).to_mesh_clear()
    out["images"] = [{"name": i.name, "packed": i.packed_file is not None, "size": list(i.size)} for i in bpy.data.images]
    out["actions"] = [{"name": a.name, "frame_range": [round(f, 3) for f in a.frame_range], "fcurves": len(a.fcurves)} for a in bpy.data.actions]
    print("CHECK_FBX " + json.dumps(out), flush=True)
PYEOF
blender -b --factory-startup --python-exit-code 1 --python-expr "$PY" -- "$@" 2>&1 | grep -E "^CHECK_FBX|Error|error|Traceback" || true
