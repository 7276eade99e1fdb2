# Renders the rig contact sheet's layers (render-contact-sheet.ts writes the job and composes the
# PNG). For each rig: import the GLB with its armature and skin, pose it with Blender's own linear
# blend skinning of the GLB's weights (what an animator would get), and bake the rest and the posed
# mesh, seen from the front three-quarter, into one tile each of a grid; the skeleton (an
# octahedron per parent->child link, a ball per joint) is baked the same way, and a label strip
# goes above each pair. Two renders then cover the whole sheet: the meshes with their labels, and
# the skeletons alone, both on a transparent film, so the composer can draw the bones over the
# mesh as if through it. One Workbench render per layer instead of several per character: on a
# busy software-GL machine each render costs seconds whatever its size.
#
# Usage: blender -b --factory-startup -noaudio --python render-contact-sheet.py -- job.json
# Needs Debian's blender and python3-numpy (Blender's glTF importer imports numpy).
import json
import math
import os
import re
import struct
import sys
import tempfile
import traceback

import numpy
try:
    numpy.bool  # noqa: B018 -- numpy 1.24 removed the alias that Blender 3.4's glTF importer uses
except AttributeError:
    numpy.bool = bool

import bmesh
import bpy
from mathutils import Matrix, Quaternion, Vector

job = json.load(open(sys.argv[sys.argv.index('--') + 1:][0]))
# Sheet units: a tile is 1 x 1; the label strip above each pair is LABEL units high.
TILE_PX = int(job['tilePx'])
LABEL = float(job['labelPx']) / TILE_PX
COLUMNS = int(job['columns'])
MARGIN = 0.06  # of a tile, around the character

# Bone colours by side, flat-shaded: the character's left (+X) orange, right cyan, middle yellow.
SIDE_COLOURS = {'left': (1.0, 0.45, 0.0, 1), 'right': (0.0, 0.75, 1.0, 1), 'middle': (1.0, 0.9, 0.0, 1)}
JOINT_COLOUR = (0.85, 0.0, 0.1, 1)
MESH_COLOUR = (0.72, 0.72, 0.74, 1)
TEXT_COLOUR = (0.05, 0.05, 0.05, 1)
FAIL_COLOUR = (0.8, 0.0, 0.0, 1)

# The view: from the front three-quarter, the character's left side towards the viewer, a little
# from above (the character faces glTF +Z = Blender -Y).
AZIMUTH, ELEVATION = math.radians(50), math.radians(15)
VIEW_BACK = Vector((math.sin(AZIMUTH) * math.cos(ELEVATION), -math.cos(AZIMUTH) * math.cos(ELEVATION), math.sin(ELEVATION)))
VIEW = (-VIEW_BACK).to_track_quat('-Z', 'Y').to_matrix().to_4x4().inverted()  # world -> camera axes


def side_of(name):
    n = name.lower()
    if re.search(r'(^|[^a-z])left|(^|[._])l($|[._\d])', n):
        return 'left'
    if re.search(r'(^|[^a-z])right|(^|[._])r($|[._\d])', n):
        return 'right'
    return 'middle'


def to_blender(v):
    """A direction in the glTF character frame (+Y up, +Z forward) in Blender's world (+Z up)."""
    return Vector((v[0], -v[2], v[1]))


def bone_direction(bone):
    """The bone's rest direction in armature space: from its joint to its children's, else from its parent."""
    if bone.children:
        target = sum((c.head_local for c in bone.children), Vector()) / len(bone.children)
        d = target - bone.head_local
        if d.length > 1e-9:
            return d.normalized()
    if bone.parent is not None:
        d = bone.head_local - bone.parent.head_local
        if d.length > 1e-9:
            return d.normalized()
    return bone.vector.normalized()


def apply_pose(arm, ops):
    """Set each named pose bone's rotation so that it turns as the op says, in the armature's rest frame."""
    to_arm = arm.matrix_world.to_3x3().inverted()

    def char_dir(v):
        return (to_arm @ to_blender(v)).normalized()

    rotations = {}
    skipped = []
    for op in ops:
        bone = arm.data.bones.get(op['joint'])
        if bone is None:
            skipped.append(op['joint'])
            continue
        d = bone_direction(bone)
        r = None
        if op['kind'] == 'bend':
            for t in op['towards']:
                axis = d.cross(char_dir(t))
                if axis.length > 0.3:  # not (nearly) parallel: the bend plane is well defined
                    # Never past the direction bent towards (a raised wing into its twin).
                    room = math.degrees(d.angle(char_dir(t))) - op.get('stopShort', 0)
                    r = Quaternion(axis.normalized(), math.radians(max(0.0, min(op['degrees'], room))))
                    break
        elif op['kind'] == 'aim':
            r = d.rotation_difference(char_dir(op['direction']))
        elif op['kind'] == 'turn':
            r = Quaternion(char_dir(op['axis']), math.radians(op['degrees']))
        if r is None:
            skipped.append(op['joint'])
            continue
        rotations[bone.name] = r @ rotations.get(bone.name, Quaternion())
    for name, r in rotations.items():
        # A rotation R about the joint, in armature rest coordinates, is L3^-1 R L3 in the bone's
        # local frame (L = the bone's rest matrix); parents' rotations then carry it along.
        l3 = arm.data.bones[name].matrix_local.to_3x3().normalized()
        pb = arm.pose.bones[name]
        pb.rotation_mode = 'QUATERNION'
        pb.rotation_quaternion = (l3.inverted() @ r.to_matrix() @ l3).to_quaternion()
    bpy.context.view_layer.update()
    return skipped


def rest_pose(arm):
    for pb in arm.pose.bones:
        pb.matrix_basis = Matrix.Identity(4)
    bpy.context.view_layer.update()


def world_points(meshes):
    """The evaluated (skinned) vertices of the meshes in world space, as an (n, 3) array."""
    dg = bpy.context.evaluated_depsgraph_get()
    out = []
    for o in meshes:
        eo = o.evaluated_get(dg)
        me = eo.to_mesh()
        co = numpy.empty(len(me.vertices) * 3)
        me.vertices.foreach_get('co', co)
        mw = numpy.array(eo.matrix_world)
        out.append(co.reshape(-1, 3) @ mw[:3, :3].T + mw[:3, 3])
        eo.to_mesh_clear()
    return numpy.concatenate(out) if out else numpy.zeros((0, 3))


def joint_positions(arm, drawn=None):
    """World positions of the joints to draw: all, or those named in `drawn` (an artist's deforming joints)."""
    return [(pb, arm.matrix_world @ pb.head) for pb in arm.pose.bones if drawn is None or pb.name in drawn]


def drawn_parent(pb, drawn):
    """The nearest ancestor that is drawn: a bone hangs from it, skipping IK, pole and root helpers."""
    p = pb.parent
    while p is not None and drawn is not None and p.name not in drawn:
        p = p.parent
    return p


def link(name, me, colour):
    ob = bpy.data.objects.new(name, me)
    ob.color = colour
    bpy.context.scene.collection.objects.link(ob)
    return ob


def bake_meshes(meshes, to_sheet, name):
    """Copies of the evaluated meshes with their vertices moved into the sheet."""
    dg = bpy.context.evaluated_depsgraph_get()
    for o in meshes:
        me = bpy.data.meshes.new_from_object(o.evaluated_get(dg))
        me.transform(to_sheet @ o.matrix_world)
        me.materials.clear()
        link(name, me, MESH_COLOUR).is_mesh_layer = True


def bake_skeleton(arm, to_sheet, name, drawn):
    """The posed skeleton in the sheet: an octahedron per parent->child link, coloured by side, a ball per joint."""
    heads = {pb.name: to_sheet @ p for pb, p in joint_positions(arm, drawn)}
    parts = {k: ([], []) for k in list(SIDE_COLOURS) + ['joints']}

    def add(key, verts, faces):
        target = parts[key]
        base = len(target[0])
        target[0].extend(tuple(v) for v in verts)
        target[1].extend(tuple(base + i for i in f) for f in faces)

    for pb in arm.pose.bones:
        parent = drawn_parent(pb, drawn)
        if parent is None or pb.name not in heads:
            continue
        a, b = heads[parent.name], heads[pb.name]
        d = b - a
        length = d.length
        if length < 1e-9:
            continue
        u = d.orthogonal().normalized()
        v = d.normalized().cross(u)
        w = min(0.1 * length, 0.012)
        m = a + d * 0.15
        ring = [m + u * w, m + v * w, m - u * w, m - v * w]
        faces = [(0, 1 + i, 1 + (i + 1) % 4) for i in range(4)] + [(5, 1 + (i + 1) % 4, 1 + i) for i in range(4)]
        add(side_of(pb.name), [a] + ring + [b], faces)
    ico = bmesh.new()
    bmesh.ops.create_icosphere(ico, subdivisions=1, radius=0.011)
    unit = [v.co.copy() for v in ico.verts]
    ifaces = [tuple(v.index for v in f.verts) for f in ico.faces]
    ico.free()
    for p in heads.values():
        add('joints', [p + c for c in unit], ifaces)
    for key, (verts, faces) in parts.items():
        if verts:
            me = bpy.data.meshes.new(name + '_' + key)
            me.from_pydata(verts, [], faces)
            link(name + '_' + key, me, SIDE_COLOURS.get(key, JOINT_COLOUR)).is_mesh_layer = False


def add_text(text, x, y, height, max_width, colour):
    """Left-aligned text with its baseline at (x, y), `height` high, shrunk to fit `max_width`."""
    curve = bpy.data.curves.new('text', 'FONT')
    curve.body = text
    curve.size = height
    ob = link('text', curve, colour)
    ob.is_mesh_layer = True
    bpy.context.view_layer.update()
    if ob.dimensions.x > max_width:
        ob.scale = (max_width / ob.dimensions.x,) * 3
    ob.location = (x, y, 0)
    return ob


def slot(index):
    """The lower-left corner of an item's rest tile (the posed tile is one unit to its right)."""
    col, row = index % COLUMNS, index // COLUMNS
    return Vector((col * 2, -(row + 1) * (1 + LABEL), 0))


def untextured_copy(path):
    """A copy of a GLB without its textures, for Blender 3.4's importer, which refuses a file that
    requires a texture extension it lacks (EXT_texture_webp: our output keeps the input's WebP
    images, and so do some artists' files). The sheet is drawn untextured (Workbench, one grey), so
    nothing is lost; the binary chunk is kept as it is (the images' views are then unused)."""
    data = open(path, 'rb').read()
    magic, version, _ = struct.unpack_from('<4sII', data, 0)
    length, kind = struct.unpack_from('<I4s', data, 12)
    if magic != b'glTF' or kind != b'JSON':
        return path
    doc = json.loads(data[20:20 + length])
    for key in ('textures', 'images', 'samplers'):
        doc.pop(key, None)
    for material in doc.get('materials', []):
        for key in ('normalTexture', 'occlusionTexture', 'emissiveTexture', 'extensions'):
            material.pop(key, None)
        pbr = material.get('pbrMetallicRoughness', {})
        pbr.pop('baseColorTexture', None)
        pbr.pop('metallicRoughnessTexture', None)
    texture_extensions = {'EXT_texture_webp', 'KHR_texture_basisu', 'KHR_texture_transform'}
    for key in ('extensionsRequired', 'extensionsUsed'):
        if key in doc:
            doc[key] = [e for e in doc[key] if e not in texture_extensions and not e.startswith('KHR_materials_')]
            if not doc[key]:
                del doc[key]
    text = json.dumps(doc).encode('utf-8')
    text += b' ' * (-len(text) % 4)
    rest = data[20 + length:]
    out = struct.pack('<4sII', b'glTF', version, 12 + 8 + len(text) + len(rest)) + struct.pack('<I4s', len(text), b'JSON') + text + rest
    handle, copy = tempfile.mkstemp(suffix='.glb')
    with os.fdopen(handle, 'wb') as f:
        f.write(out)
    return copy


def place_item(index, item):
    scene = bpy.context.scene
    if item.get('error'):
        raise RuntimeError(item['error'])
    before = set(scene.objects)
    copy = untextured_copy(item['glb'])
    try:
        bpy.ops.import_scene.gltf(filepath=copy)
    finally:
        if copy != item['glb']:
            os.remove(copy)
    imported = [o for o in scene.objects if o not in before]
    arms = [o for o in imported if o.type == 'ARMATURE']
    meshes = [o for o in imported if o.type == 'MESH']
    try:
        if not arms or not meshes:
            raise RuntimeError('no armature or no mesh in the GLB')
        arm = arms[0]
        # A published rig carries clips: the importer puts the first one on the armature. Show the bind pose.
        for o in imported:
            o.animation_data_clear()
        drawn = set(item['drawJoints']) if item.get('drawJoints') else None
        rest_pose(arm)
        rest_points = world_points(meshes)
        rest_joints = [tuple(p) for _, p in joint_positions(arm, drawn)]
        skipped = apply_pose(arm, item['ops'])
        posed_points = world_points(meshes)
        posed_joints = [tuple(p) for _, p in joint_positions(arm, drawn)]
        # One scale for both tiles, so rest and pose compare; framed on everything either shows.
        view = numpy.array(VIEW)[:3, :3]
        pts = numpy.concatenate([rest_points, posed_points, numpy.array(rest_joints + posed_joints)]) @ view.T
        lo, hi = pts.min(0), pts.max(0)
        scale = (1 - 2 * MARGIN) / max(hi[0] - lo[0], hi[1] - lo[1], 1e-9)
        centre = Vector(((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, hi[2]))
        base = slot(index)
        for tile, pose in ((0, False), (1, True)):
            to_sheet = (Matrix.Translation(base + Vector((tile + 0.5, 0.5, 0)))
                        @ Matrix.Scale(scale, 4) @ Matrix.Translation(-centre) @ VIEW)
            if pose:
                apply_pose(arm, item['ops'])
            else:
                rest_pose(arm)
            bake_meshes(meshes, to_sheet, '%s_%s' % (item['id'], 'posed' if pose else 'rest'))
            bake_skeleton(arm, to_sheet, '%s_%s_skeleton' % (item['id'], 'posed' if pose else 'rest'), drawn)
            add_text('posed' if pose else 'rest', base.x + tile + 0.02, base.y + 0.02, 0.045, 0.5, TEXT_COLOUR)
        add_text(item['label'], base.x + 0.02, base.y + 1 + LABEL * 0.3, LABEL * 0.55, 1.96, TEXT_COLOUR)
        return skipped
    finally:
        for o in imported:
            bpy.data.objects.remove(o)


def render_layer(path, mesh_layer, width, height):
    scene = bpy.context.scene
    scene.render.engine = 'BLENDER_WORKBENCH'  # the glTF importer switches the scene to EEVEE
    for o in scene.objects:
        if o.type in ('MESH', 'FONT'):
            o.hide_render = o.is_mesh_layer != mesh_layer
    shading = scene.display.shading
    shading.color_type = 'OBJECT'
    shading.light = 'STUDIO' if mesh_layer else 'FLAT'
    shading.show_object_outline = mesh_layer
    scene.render.filepath = path
    bpy.ops.render.render(write_still=True)


def main():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.types.Object.is_mesh_layer = bpy.props.BoolProperty(default=True)
    scene = bpy.context.scene
    scene.render.engine = 'BLENDER_WORKBENCH'
    scene.render.film_transparent = True
    scene.render.image_settings.file_format = 'PNG'
    scene.render.image_settings.color_mode = 'RGBA'
    scene.render.resolution_percentage = 100
    scene.display.render_aa = '8'
    scene.view_settings.view_transform = 'Standard'
    items = job['items']
    for index, item in enumerate(items):
        try:
            skipped = place_item(index, item)
            print('SHEET_DONE %s skipped=%s' % (item['id'], ','.join(skipped)), flush=True)
        except Exception as e:  # one broken rig must not cost the sheet
            traceback.print_exc()
            base = slot(index)
            add_text(item['label'], base.x + 0.02, base.y + 1 + LABEL * 0.3, LABEL * 0.55, 1.96, TEXT_COLOUR)
            add_text('FAILED: ' + str(e)[:80], base.x + 0.05, base.y + 0.5, 0.06, 1.9, FAIL_COLOUR)
            print('SHEET_FAIL %s %s' % (item['id'], str(e).replace('\n', ' ')), flush=True)
    rows = (len(items) + COLUMNS - 1) // COLUMNS
    width, height = 2 * min(COLUMNS, len(items)), rows * (1 + LABEL)
    cam_data = bpy.data.cameras.new('camera')
    cam_data.type = 'ORTHO'
    cam_data.ortho_scale = max(width, height)
    cam_data.clip_start, cam_data.clip_end = 0.1, 100
    cam = bpy.data.objects.new('camera', cam_data)
    cam.location = (width / 2, -height / 2, 50)
    scene.collection.objects.link(cam)
    scene.camera = cam
    scene.render.resolution_x = round(width * TILE_PX)
    scene.render.resolution_y = round(height * TILE_PX)
    render_layer(job['meshLayer'], True, width, height)
    render_layer(job['skeletonLayer'], False, width, height)
    print('SHEET_SIZE %d %d' % (scene.render.resolution_x, scene.render.resolution_y), flush=True)


main()
