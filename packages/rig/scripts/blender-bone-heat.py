# Times Blender's bone heat (Parent > With Automatic Weights) on a mesh and a given skeleton.
# Usage: blender -b --factory-startup --python blender-bone-heat.py -- mesh.obj skeleton.json [--weights out.json] [--repeat N]
# Prints the first call's wall and CPU seconds (BONE_HEAT_SECONDS, BONE_HEAT_CPU_SECONDS, 6 decimals).
# With --repeat N, the same bone heat again N times in this process (vertex groups, armature
# modifier and parent cleared before each, so every call does the whole job), and the least wall and
# the least CPU seconds of those warm calls (BONE_HEAT_WARM_SECONDS, BONE_HEAT_WARM_CPU_SECONDS):
# what a Blender that has already weighted a mesh takes, to compare with our warm runs
# (scripts/bench.ts --blender).
# With --weights, also writes the resulting weights per vertex of the imported mesh, so a scorer
# can compare them with other weights (scripts/score-bone-heat.ts):
#   {"seconds", "unweighted", "positions": [x, y, z, ...] (the mesh's local coordinates, i.e. the
#    OBJ's `v` values, to check the importer kept the vertex order),
#    "weights": [[[joint index in skeleton.json, weight], ...] per vertex]}
# Blender 3.4's OBJ importer keeps `v` order but drops vertices no face uses: write none.
import json, sys, time
import bpy
from mathutils import Vector

args = sys.argv[sys.argv.index('--') + 1:]
obj_path, skel_path = args[:2]
weights_path = args[args.index('--weights') + 1] if '--weights' in args else None
repeat = int(args[args.index('--repeat') + 1]) if '--repeat' in args else 0
bpy.ops.wm.read_factory_settings(use_empty=True)
if hasattr(bpy.ops.wm, 'obj_import'):
    bpy.ops.wm.obj_import(filepath=obj_path, forward_axis='NEGATIVE_Z', up_axis='Y')
else:
    bpy.ops.import_scene.obj(filepath=obj_path, axis_forward='-Z', axis_up='Y')
mesh = [o for o in bpy.context.scene.objects if o.type == 'MESH'][0]

# glTF frame (Y up) to Blender (Z up): (x, y, z) -> (x, -z, y), as the OBJ importer did.
def to_blender(p):
    return Vector((p[0], -p[2], p[1]))

skel = json.load(open(skel_path))['joints']
arm_data = bpy.data.armatures.new('Armature')
arm = bpy.data.objects.new('Armature', arm_data)
bpy.context.scene.collection.objects.link(arm)
bpy.context.view_layer.objects.active = arm
bpy.ops.object.mode_set(mode='EDIT')
children = {i: [] for i in range(len(skel))}
for i, j in enumerate(skel):
    if j['parent'] >= 0:
        children[j['parent']].append(i)
bones = []
# Blender may rename a bone (duplicate or over-long names): its vertex group is found by the name it got.
joint_of_bone = {}
for i, j in enumerate(skel):
    b = arm_data.edit_bones.new(j['name'])
    joint_of_bone[b.name] = i
    head = to_blender(j['position'])
    if children[i]:
        tail = sum((to_blender(skel[c]['position']) for c in children[i]), Vector()) / len(children[i])
    elif j['parent'] >= 0:
        tail = head + (head - to_blender(skel[j['parent']]['position'])) * 0.5
    else:
        tail = head + Vector((0, 0, 0.1))
    if (tail - head).length < 1e-6:
        tail = head + Vector((0, 0, 0.01))
    b.head, b.tail = head, tail
    bones.append(b)
for i, j in enumerate(skel):
    if j['parent'] >= 0:
        bones[i].parent = bones[j['parent']]
bpy.ops.object.mode_set(mode='OBJECT')

def bone_heat():
    """One Parent > With Automatic Weights of the mesh to the armature: (wall, CPU) seconds."""
    bpy.ops.object.select_all(action='DESELECT')
    mesh.select_set(True)
    arm.select_set(True)
    bpy.context.view_layer.objects.active = arm
    t0 = time.perf_counter()
    c0 = time.process_time()
    bpy.ops.object.parent_set(type='ARMATURE_AUTO')
    # CPU time of Blender's process (all its threads) for the same call: on a shared machine the
    # wall time mostly measures the load (scripts/bench.ts compares CPU with CPU).
    return time.perf_counter() - t0, time.process_time() - c0

def weights_now():
    names = {g.index: g.name for g in mesh.vertex_groups}
    return [sorted((names[g.group], g.weight) for g in v.groups) for v in mesh.data.vertices]

seconds, cpu_seconds = bone_heat()
unweighted = sum(1 for v in mesh.data.vertices if not any(g.weight > 0 for g in v.groups))
first_weights = weights_now() if repeat > 0 else None
print('BONE_HEAT_SECONDS %.6f UNWEIGHTED %d' % (seconds, unweighted))
print('BONE_HEAT_CPU_SECONDS %.6f' % cpu_seconds)
if repeat > 0:
    warm = []
    for _ in range(repeat):
        # Undo what parent_set did, so the next call starts from the same mesh: no groups, no
        # armature modifier, no parent.
        mesh.vertex_groups.clear()
        for m in [m for m in mesh.modifiers if m.type == 'ARMATURE']:
            mesh.modifiers.remove(m)
        mesh.parent = None
        warm.append(bone_heat())
        # A warm call must do the same job: the same weights as the first.
        if weights_now() != first_weights:
            raise SystemExit('repeat %d gave other weights than the first call' % len(warm))
    print('BONE_HEAT_WARM_SECONDS %.6f RUNS %d' % (min(w for w, _ in warm), len(warm)))
    print('BONE_HEAT_WARM_CPU_SECONDS %.6f' % min(c for _, c in warm))
if weights_path:
    joint_of_group = {g.index: joint_of_bone.get(g.name, -1) for g in mesh.vertex_groups}
    with open(weights_path, 'w') as f:
        json.dump({
            'seconds': seconds,
            'unweighted': unweighted,
            'positions': [c for v in mesh.data.vertices for c in v.co],
            'weights': [[[joint_of_group[g.group], g.weight] for g in v.groups
                         if g.weight > 0 and joint_of_group.get(g.group, -1) >= 0]
                        for v in mesh.data.vertices],
        }, f)
