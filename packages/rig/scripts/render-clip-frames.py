# Renders frames of ready clips (render-clip-frames.ts writes the job): for each rigged GLB, each
# of its actions is sampled at a few frames; every frame's skinned mesh (Blender's own linear blend
# skinning of the GLB's weights) is baked into a copy, the copies set side by side, seen from the
# character's left in an orthographic Workbench render over a ground strip at the rest floor, one
# PNG per clip. Feet sliding or sinking show against the strip.
#
# Usage: blender -b --factory-startup -noaudio --python render-clip-frames.py -- job.json
# Needs Debian's blender and numpy for Blender's glTF importer (python3-numpy, or on PYTHONPATH).
import json
import sys

import numpy
try:
    numpy.bool  # noqa: B018 -- numpy 1.24 removed the alias that Blender 3.4's glTF importer uses
except AttributeError:
    numpy.bool = bool

import bpy
from mathutils import Vector

job = json.load(open(sys.argv[sys.argv.index('--') + 1:][0]))
FRAMES = int(job['frames'])


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    return bpy.context.scene


def settings(scene):
    scene.render.engine = 'BLENDER_WORKBENCH'  # the glTF importer switches the scene to EEVEE
    scene.world = scene.world or bpy.data.worlds.new('white')
    scene.world.color = (1, 1, 1)
    scene.view_settings.view_transform = 'Standard'
    scene.render.resolution_percentage = 100
    scene.display.shading.light = 'STUDIO'
    scene.display.shading.color_type = 'SINGLE'
    scene.render.resolution_x = int(job['width'])
    scene.render.resolution_y = int(job['height'])
    scene.render.fps = 30


def bake(obj, depsgraph, name, offset):
    ev = obj.evaluated_get(depsgraph)
    me = bpy.data.meshes.new_from_object(ev, depsgraph=depsgraph)
    me.transform(obj.matrix_world)
    copy = bpy.data.objects.new(name, me)
    copy.location = offset
    bpy.context.scene.collection.objects.link(copy)
    return copy


for item in job['items']:
    scene = reset()
    bpy.ops.import_scene.gltf(filepath=item['glb'])
    settings(scene)
    arm = next(o for o in bpy.data.objects if o.type == 'ARMATURE')
    meshes = [o for o in bpy.data.objects if o.type == 'MESH']
    rest_low = min((o.matrix_world @ Vector(c)).z for o in meshes for c in o.bound_box)
    actions = [a for a in bpy.data.actions]
    for clip in item['clips']:
        action = next((a for a in actions if a.name.startswith(clip)), None)
        if action is None:
            print(f'CLIP_MISSING {item["label"]} {clip}')
            continue
        arm.animation_data_create()
        arm.animation_data.action = action
        start, end = action.frame_range
        baked = []
        for i in range(FRAMES):
            scene.frame_set(int(round(start + (end - start) * i / max(1, FRAMES - 1))))
            depsgraph = bpy.context.evaluated_depsgraph_get()
            for o in meshes:
                baked.append(bake(o, depsgraph, f'{clip}_{i}', (0, 0, 0)))
        # Side by side along the view's horizontal (Blender Y, the direction of travel), each frame
        # one body length and a half after the previous.
        xs = [v.co for b in baked for v in b.data.vertices]
        length = max(c.y for c in xs) - min(c.y for c in xs)
        per = len(meshes)
        for i, b in enumerate(baked):
            b.location = (0, -(i // per) * length * 1.1, 0)
        for o in meshes + [arm]:
            o.hide_render = True
        bpy.context.view_layer.update()
        pts = [b.matrix_world @ v.co for b in baked for v in b.data.vertices]
        lo = Vector((min(p.x for p in pts), min(p.y for p in pts), min(min(p.z for p in pts), rest_low)))
        hi = Vector((max(p.x for p in pts), max(p.y for p in pts), max(p.z for p in pts)))
        bpy.ops.mesh.primitive_cube_add(size=1)
        ground = bpy.context.active_object
        ground.name = 'ground'
        ground.scale = (hi.x - lo.x + 0.1, (hi.y - lo.y) * 1.1 + 0.1, 0.002 * (hi.z - lo.z + 0.01))
        ground.location = ((hi.x + lo.x) / 2, (hi.y + lo.y) / 2, rest_low - ground.scale.z / 2)
        cam_data = bpy.data.cameras.new('cam')
        cam_data.type = 'ORTHO'
        cam_data.clip_start, cam_data.clip_end = 0.01, 1000
        span_h = (hi.y - lo.y) * 1.1
        span_v = (hi.z - lo.z) * 1.3
        cam_data.ortho_scale = max(span_h, span_v * scene.render.resolution_x / scene.render.resolution_y)
        cam = bpy.data.objects.new('cam', cam_data)
        scene.collection.objects.link(cam)
        # From the character's left (+X in glTF and Blender), looking along -X.
        cam.location = (hi.x + 10 * (hi.z - lo.z + 1), (hi.y + lo.y) / 2, (hi.z + lo.z) / 2)
        cam.rotation_euler = (1.5708, 0, 1.5708)
        scene.camera = cam
        out = f'{job["out"]}/{item["label"]}-{clip}.png'
        scene.render.filepath = out
        bpy.ops.render.render(write_still=True)
        print(f'CLIP_FRAMES {out}')
        for o in baked + [ground, cam]:
            bpy.data.objects.remove(o, do_unlink=True)
        for o in meshes + [arm]:
            o.hide_render = False
