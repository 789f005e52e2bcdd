package io.feedline.bench;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/** The files the media benchmark uploads, made in code from a seed: nothing is read from disk or the network. */
final class MediaFixtures {
    private MediaFixtures() {}

    /**
     * A photo-like JPEG: a smooth three-colour gradient with per-pixel noise (sensor grain), which
     * compresses about as a phone photo does, written by the JDK's JPEG encoder at {@code quality}
     * (0-100). It carries a JFIF header and no EXIF. The same arguments give the same bytes.
     */
    static byte[] photo(int width, int height, int quality, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] rgb = new int[width * height];
        int grain = 12;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int r = 40 + 160 * x / width + random.nextInt(-grain, grain + 1);
                int g = 60 + 140 * y / height + random.nextInt(-grain, grain + 1);
                int b = 200 - 120 * (x + y) / (width + height) + random.nextInt(-grain, grain + 1);
                rgb[y * width + x] = (clamp(r) << 16) | (clamp(g) << 8) | clamp(b);
            }
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, width, height, rgb, 0, width);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(quality / 100f);
        ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(jpeg)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return jpeg.toByteArray();
    }

    /**
     * A decompression bomb: a valid PNG whose header claims {@code width} x {@code height} 8-bit grey
     * pixels, followed by one IDAT of deflated zero rows (the first {@code rows} of the image) and IEND.
     * Some kilobytes on the wire that would decode to width x height bytes.
     */
    static byte[] pngBomb(int width, int height, int rows) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) 8) // bit depth
                .put((byte) 0) // colour type: greyscale
                .put((byte) 0) // compression: deflate
                .put((byte) 0) // filter method
                .put((byte) 0); // no interlace
        chunk(png, "IHDR", header.array());
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        byte[] zeroRow = new byte[width + 1]; // filter byte 0, then the row's pixels
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int i = 0; i < rows; i++) {
            deflater.setInput(zeroRow);
            while (!deflater.needsInput()) {
                data.write(buffer, 0, deflater.deflate(buffer));
            }
        }
        deflater.finish();
        while (!deflater.finished()) {
            data.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        chunk(png, "IDAT", data.toByteArray());
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        png.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        png.writeBytes(name);
        png.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static int clamp(int value) {
        return Math.max(0, Math.min(255, value));
    }
}
