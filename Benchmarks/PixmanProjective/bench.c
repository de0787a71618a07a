// Why rotation3D does not use pixman's projective transform (see Sources/Raster/ProjectiveSampler.swift).
//
// Draws a 200×160 px opaque rect through the rotation3D map (y axis, eye at max(w, h)/perspective)
// with pixman_image_composite32, PIXMAN_FILTER_BILINEAR and PIXMAN_REPEAT_NONE, and compares the
// alpha ≥ 128 mask with the pixel-centre pre-images (IoU). pixman holds the 3×3 matrix in 16.16
// fixed point, so the result depends on how the (homogeneous, scale-free) matrix is scaled;
// argv[1] is the largest entry after scaling.
//
//   gcc -O2 bench.c -o bench $(pkg-config --cflags --libs pixman-1) -lm && ./bench 1000
//
// Measured (pixman 0.42, Debian): largest entry 1 → IoU 0.77 at 30°; 1000 → 0.998; 16000 → 0.59
// (overflow); at −45° with the horizon on the canvas edge it draws nothing at any scaling.
#include <pixman.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void spec(double angle, double ax_, double ay_, double az_, double persp, double w, double h, double H[9]) {
    double n = sqrt(ax_*ax_+ay_*ay_+az_*az_), x=ax_/n, y=ay_/n, z=az_/n;
    double th = angle*M_PI/180, c=cos(th), s=sin(th), t=1-c;
    double R[3][3] = {{t*x*x+c, t*x*y+s*z, t*x*z-s*y},{t*x*y-s*z, t*y*y+c, t*y*z+s*x},{t*x*z+s*y, t*y*z-s*x, t*z*z+c}};
    double a[3] = {0.5*w, 0.5*h, 0};
    double q = persp != 0 ? -persp/fmax(w,h) : 0;
    double in[3][4] = {{1,0,0,0},{0,1,0,0},{-a[0],-a[1],-a[2],1}};
    for (int r=0;r<3;r++){
        double rx=0,ry=0,rz=0; for(int k=0;k<3;k++){rx+=in[r][k]*R[k][0];ry+=in[r][k]*R[k][1];rz+=in[r][k]*R[k][2];}
        double W = in[r][3] + rz*q;
        H[3*r]=rx+a[0]*W; H[3*r+1]=ry+a[1]*W; H[3*r+2]=W;
    }
}
static int inv(const double m[9], double o[9]) {
    double c[9] = {m[4]*m[8]-m[5]*m[7], m[2]*m[7]-m[1]*m[8], m[1]*m[5]-m[2]*m[4],
                   m[5]*m[6]-m[3]*m[8], m[0]*m[8]-m[2]*m[6], m[2]*m[3]-m[0]*m[5],
                   m[3]*m[7]-m[4]*m[6], m[1]*m[6]-m[0]*m[7], m[0]*m[4]-m[1]*m[3]};
    double det = m[0]*c[0]+m[1]*c[3]+m[2]*c[6];
    if (fabs(det) < 1e-15) return 0;
    for (int i=0;i<9;i++) o[i]=c[i]/det; return 1;
}
int main(int argc, char **argv) {
    double cases[][3] = {{30,0,1},{60,0,1},{-45,0,1},{60,0,3},{80,0,1}};
    int W=400, Hh=400; double S=2, ow=100, oh=120; // frame origin in px (pt 50,60 at scale 2)
    int sw=200, sh=160;
    for (int ci=0; ci<5; ci++) {
        double angle=cases[ci][0], persp=cases[ci][2];
        // Source: opaque rect sw×sh with a transparent 1 px border, placed at (ow-1, oh-1).
        int pw=sw+2, ph=sh+2;
        uint32_t *src = calloc(pw*ph,4);
        for (int y=1;y<=sh;y++) for(int x=1;x<=sw;x++) src[y*pw+x]=0xFF3060FF;
        uint32_t *dst = calloc(W*Hh,4);
        pixman_image_t *si = pixman_image_create_bits(PIXMAN_a8r8g8b8, pw, ph, src, pw*4);
        pixman_image_t *di = pixman_image_create_bits(PIXMAN_a8r8g8b8, W, Hh, dst, W*4);
        // Map in device px, view coords (origin at the frame's top-left) → canvas px.
        double Hm[9]; spec(angle,0,1,0,persp,sw,sh,Hm);  // the view is 100×80 pt = 200×160 px; d scales alike
        double T1[9]={1,0,0,0,1,0,-(ow),-(oh),1}, T2[9]={1,0,0,0,1,0,ow,oh,1}, A[9], B[9];
        // canvas = T(-o)·H·T(o)
        for(int i=0;i<3;i++)for(int j=0;j<3;j++){A[3*i+j]=0;for(int k=0;k<3;k++)A[3*i+j]+=T1[3*i+k]*Hm[3*k+j];}
        for(int i=0;i<3;i++)for(int j=0;j<3;j++){B[3*i+j]=0;for(int k=0;k<3;k++)B[3*i+j]+=A[3*i+k]*T2[3*k+j];}
        double Bi[9]; if(!inv(B,Bi)) { printf("singular\n"); continue; }
        // Source image space = canvas px − (ow−1, oh−1): append that translation, then transpose for pixman.
        double Ti[9]={1,0,0,0,1,0,-(ow-1),-(oh-1),1}, C[9];
        for(int i=0;i<3;i++)for(int j=0;j<3;j++){C[3*i+j]=0;for(int k=0;k<3;k++)C[3*i+j]+=Bi[3*i+k]*Ti[3*k+j];}
        // Scale so the largest entry is ~1 (homogeneous: any scale is the same map).
        double mx=0; for(int i=0;i<9;i++) mx=fmax(mx,fabs(C[i])); mx /= atof(argv[1]);
        pixman_transform_t pt;
        for(int i=0;i<3;i++)for(int j=0;j<3;j++) pt.matrix[i][j]=pixman_double_to_fixed(C[3*j+i]/mx);
        pixman_image_set_transform(si,&pt);
        pixman_image_set_filter(si,PIXMAN_FILTER_BILINEAR,NULL,0);
        pixman_image_set_repeat(si,PIXMAN_REPEAT_NONE);
        struct timespec t0,t1; clock_gettime(CLOCK_MONOTONIC,&t0);
        int reps=20;
        for(int r=0;r<reps;r++){ memset(dst,0,W*Hh*4); pixman_image_composite32(PIXMAN_OP_OVER,si,NULL,di,0,0,0,0,0,0,W,Hh); }
        clock_gettime(CLOCK_MONOTONIC,&t1);
        double ms=((t1.tv_sec-t0.tv_sec)*1e3+(t1.tv_nsec-t0.tv_nsec)/1e6)/reps;
        // Expected mask by pre-image of pixel centres with W>0.
        long both=0, either=0; double sum=0;
        for(int y=0;y<Hh;y++)for(int x=0;x<W;x++){
            double px=x+0.5, py=y+0.5;
            double X=px*Bi[0]+py*Bi[3]+Bi[6], Y=px*Bi[1]+py*Bi[4]+Bi[7], Wv=px*Bi[2]+py*Bi[5]+Bi[8];
            int exp = Wv>0 && X/Wv>=ow && X/Wv<=ow+sw && Y/Wv>=oh && Y/Wv<=oh+sh;
            int a = dst[y*W+x]>>24; sum+=a/255.0;
            int drawn = a>=128;
            both += exp&&drawn; either += exp||drawn;
        }
        printf("angle %5.0f persp %.0f: IoU %.4f, drawn px %ld, summed alpha %.0f, %.2f ms\n", angle, persp, (double)both/either, either, sum, ms);
        pixman_image_unref(si); pixman_image_unref(di); free(src); free(dst);
    }
}
