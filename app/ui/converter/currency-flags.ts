import { currencyCountry } from "~/market/converter";

/**
 * The flag-icons SVGs of the countries whose currencies the converter offers, and no others: each
 * a file of its own (never inlined into the script), fetched only where a flag is shown. Vite
 * needs literal patterns, so the list is spelled out; a unit test keeps it in step with the currencies.
 */
export const flagUrls: Readonly<Record<string, string>> = import.meta.glob(
  [
    "./{ae,af,al,am,ao,ar,au,aw,az,ba,bb,bd,bg,bh,bi,bm,bn,bo,br,bs,bt,bw,by,bz,ca,cd,ch,cl,cn,co,cr,cu,cv,cz,dj,dk,do,dz,eg,er,et,eu}.svg",
    "./{fj,fk,gb,ge,gh,gi,gm,gn,gt,gy,hk,hn,ht,hu,id,il,in,iq,ir,is,jm,jo,jp,ke,kg,kh,km,kp,kr,kw,ky,kz,la,lb,lk,lr,ls,ly,ma,md,mg,mk}.svg",
    "./{mm,mn,mo,mr,mu,mv,mw,mx,my,mz,na,ng,ni,no,np,nz,om,pa,pe,pg,ph,pk,pl,py,qa,ro,rs,ru,rw,sa,sb,sc,sd,se,sg,sh,sl,so,sr,ss,st,sv}.svg",
    "./{sy,sz,th,tj,tm,tn,to,tr,tt,tw,tz,ua,ug,us,uy,uz,ve,vn,vu,ws,ye,za,zm,zw}.svg",
  ],
  { base: "/node_modules/flag-icons/flags/4x3", query: "?url&no-inline", import: "default", eager: true },
);

/** The URL of a fiat currency's flag, or undefined for the supranational codes. */
export function flagUrlOf(code: string): string | undefined {
  const country = currencyCountry(code);
  return country ? flagUrls[`./${country}.svg`] : undefined;
}
